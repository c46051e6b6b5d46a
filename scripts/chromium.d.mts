export declare const CHROMIUM_ARGS: readonly string[];
export declare function chromiumPath(): string;
export declare const NO_CHROMIUM: string;
