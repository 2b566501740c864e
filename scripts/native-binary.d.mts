export declare const NAPI_SYMBOL: 'napi_register_module_v1';
export interface NativeBinary {
  format: 'elf' | 'macho' | 'pe';
  archs: string[];
  exports: string[];
}
export declare function readNativeBinary(buf: Buffer): NativeBinary;
export declare function nativeModuleProblems(buf: Buffer, expectedArch: string): string[];
