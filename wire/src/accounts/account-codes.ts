/** Roles of the spec: 1 ordinary, 10 administrator, 100 super administrator (root); a role at or above one has its rights. */
export const Role = { User: 1, Admin: 10, Root: 100 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** User status: 1 active, 2 banned; a deleted user keeps its row with its deletion time set. */
export const UserStatus = { Enabled: 1, Disabled: 2 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Token status of the spec: 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;
export type TokenStatus = (typeof TokenStatus)[keyof typeof TokenStatus];
