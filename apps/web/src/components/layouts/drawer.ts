// Mantine's Drawer as a module of its own, for DeferredDrawer to load on demand.
export { Drawer as default } from '@mantine/core';
