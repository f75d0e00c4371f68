export declare const QUIET_CORES: number;
export declare function timeScaleFor(machine: {
  cores: number;
  override?: string | number | undefined;
}): number;
export declare const timeScale: number;
export declare function scaled(quietMs: number): number;
export declare function describeTimeScale(): string;
