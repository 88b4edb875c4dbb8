/**
 * What an administrator or root changed, past tense. The type says the action; `target` says on
 * what. A new action is a new name here, never a new meaning for an old one.
 */
export const auditEventTypes = [
  'UserCreated',
  'UserUpdated',
  'UserEnabled',
  'UserDisabled',
  'UserDeleted',
  'UserPromoted',
  'UserDemoted',
  'UserQuotaAdjusted',
  'UserTwoFactorReset',
  'UserSessionsEnded',
  'ChannelCreated',
  'ChannelCopied',
  'ChannelUpdated',
  'ChannelDeleted',
  'ChannelsDeleted',
  'DisabledChannelsDeleted',
  'ChannelAbilitiesFixed',
  'ChannelKeyRevealed',
  'ChannelTested',
  'ChannelTestsStarted',
  'ChannelBalanceUpdated',
  'ChannelBalancesUpdated',
  // new-api's tag operations and multi-key management (issue #39).
  'ChannelTagEnabled',
  'ChannelTagDisabled',
  'ChannelTagEdited',
  'ChannelsTagged',
  'ChannelKeysManaged',
  'ChannelUpstreamModelsDetected',
  'ChannelUpstreamModelsApplied',
  'ChannelAffinityCacheCleared',
  'OptionUpdated',
  'ModelRatiosReset',
  'PaymentComplianceConfirmed',
  'RedemptionsCreated',
  'RedemptionUpdated',
  'RedemptionDeleted',
  'LogsDeleted',
  'SubscriptionPlanCreated',
  'SubscriptionPlanUpdated',
  'SubscriptionGranted',
  'SubscriptionInvalidated',
  'ImportRan',
  'LedgerAudited',
  'SetupCompleted',
  // A user's own sign-in changes (gateway audit/security-events.ts): the actor is the user.
  'PasswordChanged',
  'PasswordReset',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'TwoFactorBackupCodesRegenerated',
  'EmailBound',
  'AccountLinked',
  'AccessTokenGenerated',
] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/** The version every audit event written today carries; a changed shape gets a new one. */
export const AUDIT_EVENT_VERSION = 1;
