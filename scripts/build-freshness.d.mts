// Types of build-freshness.mjs (plain JavaScript, so the launcher can run it before any build).
export declare function webBuildIsStale(distDir?: string): boolean;
export declare function serverBuildIsStale(distDir?: string): boolean;
