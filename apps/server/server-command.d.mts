/** Types of server-command.mjs (plain JavaScript so that scripts and benchmarks run it without a build). */
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function compiledServerArgs(entry?: string): string[];
