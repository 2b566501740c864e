export interface WorkflowFinding {
  file: string;
  line: number;
  column: number;
  message: string;
  kind: string;
}
export declare const CURRENT_RUNNER_LABELS: Set<string>;
export declare function isOutdatedFinding(finding: WorkflowFinding): boolean;
export declare function lintWorkflows(files: { path: string; text: string }[]): Promise<WorkflowFinding[]>;
export declare function workflowFiles(root: string): string[];
export declare function formatFinding(finding: WorkflowFinding): string;
