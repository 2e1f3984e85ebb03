/**
 * Loading of the embedded WebAssembly kernels (features `_nearestWasm.ts`,
 * `_lseWasm.ts`, slices `_centroidScanWasm.ts`): the parts of the WebAssembly API they use, and compilation
 * of a module from its hexadecimal text that yields null wherever WebAssembly
 * or its SIMD is unavailable (absent, or refused by a Content-Security-Policy).
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/** The parts of the WebAssembly API used here (typed locally: the package targets runtimes without DOM typings). */
export type WasmApi = {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (
    module: object,
    imports: object,
  ) => { readonly exports: Record<string, unknown> };
};

/** A module's exported memory. */
export type WasmMemory = { readonly buffer: ArrayBuffer; grow(pages: number): number };

/** Largest memory the kernels use: offsets are passed as signed 32-bit parameters. */
export const MAX_WASM_BYTES = 2 ** 31 - 65536;

/** The runtime's WebAssembly API, if it has one. */
export function wasmApi(): WasmApi | undefined {
  return (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
}

/** The module compiled from `hex`, or null when WebAssembly (or its SIMD) is unavailable. */
export function compileHex(hex: string): object | null {
  const api = wasmApi();
  if (api === undefined) return null;
  try {
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    return new api.Module(bytes);
  } catch {
    return null;
  }
}

/** A getter of the module compiled from `hex` on first use (null where WebAssembly or its SIMD is unavailable). */
export function lazyModule(hex: string): () => object | null {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) compiled = compileHex(hex);
    return compiled;
  };
}

/**
 * Instantiates `mod` with `imports` and grows its memory to at least `bytes`;
 * returns the exports, or undefined when the instance cannot get that memory.
 */
export function instantiate(
  mod: object,
  imports: object,
  bytes: number,
): { readonly exports: Record<string, unknown>; readonly buffer: ArrayBuffer } | undefined {
  const api = wasmApi();
  if (api === undefined || bytes > MAX_WASM_BYTES) return undefined;
  try {
    const inst = new api.Instance(mod, imports);
    const mem = inst.exports["memory"] as WasmMemory;
    const have = mem.buffer.byteLength;
    if (bytes > have) mem.grow(Math.ceil((bytes - have) / 65536));
    return { exports: inst.exports, buffer: mem.buffer };
  } catch {
    // out of memory for the wasm instance
    return undefined;
  }
}
