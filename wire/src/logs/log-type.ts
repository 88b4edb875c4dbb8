/** The log-row types of the spec: 1 top-up, 2 consume, 3 admin, 4 system. */
export const LogType = { TopUp: 1, Consume: 2, Admin: 3, System: 4 } as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/** The log list's `type` filter meaning every type (new-api's 0, LogTypeUnknown). */
export const ANY_LOG_TYPE = 0;
/** The filter's choices in order: any, then each type. */
export const logTypeFilters = [ANY_LOG_TYPE, LogType.TopUp, LogType.Consume, LogType.Admin, LogType.System] as const;
