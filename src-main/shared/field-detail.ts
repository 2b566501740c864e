// A problem that names the field it is about: found by main in a request it builds, or given
// by the service in a 400's details.

export interface FieldDetail {
  field: string;
  message: string;
  /**
   * The problem as a sentence of its own ("Number is too short: ..."), set for every problem
   * main finds itself, so the window shows it as is instead of composing one. Absent on the
   * service's details: the window shows their message as the service wrote it.
   */
  sentence?: string;
}

/** A problem main found in a request it builds: always with its sentence. */
export type RequestProblem = Required<FieldDetail>;
