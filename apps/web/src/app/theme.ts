import { Loader, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';
import richContent from '../components/ui/rich-content.module.css';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons and coloured text on white above 4.5:1 (WCAG AA).
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // People who ask their system for less motion get menus, popovers and modals without animation.
  respectReducedMotion: true,
  components: {
    // A spinner's aria-label ("Loading file notes") is only allowed on an element with a role;
    // as a live status it is also announced when it appears.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // Every toast's close button needs a name for screen readers, and its text full contrast.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    }),
    // Every pager, wherever it is used: its arrow buttons have no text, so each gets a name for
    // screen readers (axe: button-name), and a page's button says it is one ("Page 2", issue 45).
    // By key, not with Pagination.extend: importing Pagination here put it, and the whole of
    // `mantine-more`, in the entry chunk (the login pages went from 197 KB to 271 KB).
    Pagination: {
      defaultProps: {
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` }),
      },
    },
    // Rich text (question content, programs) shows images at their given size, shrunk in proportion.
    Typography: { classNames: { root: richContent.images } },
    // The calendar's arrows have no name of their own (axe: button-name). Named by key, not with
    // DateInput.extend, so that the dates package stays out of the entry chunk.
    DateInput: {
      defaultProps: {
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
          monthLevelControl: 'Choose a month',
          yearLevelControl: 'Choose a year',
        },
      },
    },
  },
});

/**
 * Mantine's dimmed grey and field-error red are about 3.3:1 on white and its red alert titles 3.9:1
 * on their tint; hints, field errors and alert titles need 4.5:1 (WCAG AA), so these go darker.
 * Green text of light and subtle buttons (a discount code's Activate) is 3.4:1 at Mantine's
 * shade 8 and 4.4:1 at 9, so it takes a darker green of its own (6.1:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': '#237032',
  },
  dark: {},
});
