// Types of scripts/local-bundle.mjs (plain JS: the launcher reads it before anything TypeScript loads).

export declare const BUNDLE_DIR: string;
export declare const BUNDLE_GLOBAL: unique symbol;

export interface BundleManifest {
  /** The builder's own hash: a bundle made by another version of it is stale. */
  readonly builder: string;
  /** bin/local.ts's output, relative to the bundle's directory. */
  readonly entry: string;
  /** Handler module (`functions/….ts`) → its output, relative to the bundle's directory. */
  readonly modules: Readonly<Record<string, string>>;
  /** Every source file the build read → [modification time in ms, size]. */
  readonly inputs: Readonly<Record<string, readonly [number, number]>>;
}

/** The bundle's entry and module map as file URLs when it is up to date with the sources, else undefined. */
export declare function freshBundle(
  dir?: string,
): { readonly entry: string; readonly modules: Readonly<Record<string, string>> } | undefined;

/** `import.meta.url|dirname|filename` replaced with the source file's own values, except inside strings. */
export declare function sourceImportMeta(code: string, file: string): string;

export declare function buildLocalBundle(options?: {
  readonly outDir?: string;
  readonly modules?: readonly string[];
}): Promise<BundleManifest>;
