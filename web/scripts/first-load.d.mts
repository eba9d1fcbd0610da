export type Manifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;
export declare const ROUTE_MODULES: { home: string; shop: string; product: string };
export declare function readManifest(): Manifest;
export declare function staticClosure(manifest: Manifest, key: string, files?: Set<string>): Set<string>;
export declare function staticKeys(manifest: Manifest, key: string, keys?: Set<string>, seenFiles?: Set<string>): Set<string>;
export declare function gzippedBytes(file: string): number;
export declare function brotliBytes(file: string): number;
/** bytes: gzipped (level 9); brotli: as the server sends it to a browser that takes brotli */
export declare function firstLoad(
  manifest?: Manifest,
): Record<"entry" | "home" | "shop" | "product", { bytes: number; brotli: number; files: number }>;
