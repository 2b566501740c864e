export declare function adHocResignTarget(options: {
  electronPlatformName: string;
  appOutDir: string;
  identity: string | null | undefined;
  productFilename: string;
}): string | null;
export declare function afterSign(context: unknown): Promise<void>;
