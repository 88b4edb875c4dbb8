/** The log-row types of the spec: 1 top-up, 2 consume, 3 admin, 4 system. */
export const LogType = { TopUp: 1, Consume: 2, Admin: 3, System: 4 } as const;
export type LogType = (typeof LogType)[keyof typeof LogType];
