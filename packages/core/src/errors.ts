/**
 * Every error the API answers with, once: its stable `type` (clients branch on it, so it
 * never changes), its one HTTP status and its default message. The server builds its errors
 * from this table; a call site may give a more specific message, never another status. The web
 * names a type as its string, which the compiler checks against ErrorType, so the table itself
 * (messages and all) stays out of the browser's first load.
 */
export interface ErrorSpec {
  readonly type: string;
  readonly status: number;
  readonly message: string;
}

export const ERROR_CATALOG = {
  // Requests the framework refuses, and the generic answers.
  validationFailed: { type: 'validation_failed', status: 400, message: 'Invalid request' },
  badRequest: { type: 'bad_request', status: 400, message: 'The request could not be understood.' },
  payloadTooLarge: { type: 'payload_too_large', status: 413, message: 'The request body is too large.' },
  unsupportedMediaType: { type: 'unsupported_media_type', status: 415, message: 'This content type is not accepted here.' },
  routeNotFound: { type: 'route_not_found', status: 404, message: 'No route for this request.' },
  serverError: { type: 'general_server_error', status: 500, message: 'An unexpected error occurred' },
  notReady: { type: 'not_ready', status: 503, message: 'The server is not ready to take requests.' },
  unauthenticated: { type: 'general_unauthorized_scope', status: 401, message: 'Please sign in to continue.' },
  forbidden: { type: 'forbidden', status: 403, message: 'You are not allowed to do that.' },
  adminOnly: { type: 'admin_only', status: 403, message: 'Only admins can do that.' },
  notFound: { type: 'not_found', status: 404, message: 'Resource not found.' },
  rateLimited: { type: 'rate_limited', status: 429, message: 'Too many requests. Try again later.' },
  // The browser's telemetry relay (/api/telemetry/v1/...).
  telemetryOff: { type: 'telemetry_off', status: 404, message: 'This server does not collect telemetry.' },
  telemetryUnavailable: {
    type: 'telemetry_unavailable',
    status: 503,
    message: 'The telemetry collector did not take this export. Try again later.',
  },
  telemetryRejected: { type: 'telemetry_rejected', status: 422, message: 'The telemetry collector refused this export.' },
  csrfOriginMismatch: { type: 'csrf_origin_mismatch', status: 403, message: 'This request did not come from the Aurum site.' },
  botCheckRequired: {
    type: 'bot_check_required',
    status: 400,
    message: 'The check that keeps bots out did not run. Reload the page and try again.',
  },
  botCheckFailed: {
    type: 'bot_check_failed',
    status: 403,
    message: 'We could not confirm that you are a person. Wait a moment and try again, or try another browser or network.',
  },
  invalidCursor: { type: 'invalid_cursor', status: 400, message: 'This list position is not valid any more. Start from the top.' },
  invalidInsightsRange: { type: 'invalid_insights_range', status: 400, message: 'This period cannot be shown.' },
  rangeNotSatisfiable: { type: 'range_not_satisfiable', status: 416, message: 'The requested range is outside the file.' },

  // Admin actions.
  cannotRevokeOwnAdmin: { type: 'cannot_revoke_own_admin', status: 400, message: 'You cannot revoke your own admin label.' },
  cannotDisableSelf: { type: 'cannot_disable_self', status: 400, message: 'You cannot disable your own account.' },
  accountNotDeleted: {
    type: 'account_not_deleted',
    status: 409,
    message: 'Only an account its owner deleted can be anonymised; this one is still live or was only disabled.',
  },

  // Verification requests.
  verificationRequestPending: {
    type: 'verification_request_pending',
    status: 409,
    message: 'You already asked for a manual check; an admin will look at it soon.',
  },
  verificationNotManual: {
    type: 'verification_not_manual',
    status: 409,
    message: 'Only a manual request can be approved or declined here; the provider decides the others.',
  },
  verificationAlreadyDecided: { type: 'verification_already_decided', status: 409, message: 'This request has been decided already.' },

  // A member's own data.
  dataExportPending: {
    type: 'data_export_pending',
    status: 409,
    message: 'Your data is already being prepared; we will e-mail you a link when it is ready.',
  },
  dataExportLinkInvalid: { type: 'data_export_link_invalid', status: 403, message: 'This download link is not valid.' },
  dataExportExpired: { type: 'data_export_expired', status: 410, message: 'This download link has expired. Ask for your data again.' },

  // Chat.
  chatNotAllowed: {
    type: 'chat_not_allowed',
    status: 403,
    message: 'You can chat with a creator while you subscribe to a plan of theirs that includes chat.',
  },
  chatReadOnly: {
    type: 'chat_read_only',
    status: 403,
    message: 'This chat is read-only: the subscription that included chat has ended.',
  },
  chatBlocked: { type: 'chat_blocked', status: 403, message: 'Messages cannot be sent in this chat because of a block.' },
  cannotChatWithSelf: { type: 'cannot_chat_with_self', status: 400, message: 'You cannot start a chat with yourself.' },
  messageIdTaken: { type: 'message_id_taken', status: 409, message: 'This message id is already used by another message.' },
  messageNotForSale: { type: 'message_not_for_sale', status: 409, message: 'This message has nothing to unlock.' },
  unlockKeyReused: { type: 'unlock_key_reused', status: 409, message: 'This payment attempt was for another message. Try again.' },
  messageAlreadyUnlocked: { type: 'message_already_unlocked', status: 409, message: 'You already unlocked this message.' },

  // Tips.
  tipsDisabled: { type: 'tips_disabled', status: 409, message: 'This creator does not take tips.' },
  tipAmountInvalid: { type: 'tip_amount_invalid', status: 422, message: 'This amount cannot be tipped.' },
  cannotTipSelf: { type: 'cannot_tip_self', status: 400, message: 'You cannot tip yourself.' },
  tipKeyReused: { type: 'tip_key_reused', status: 409, message: 'This payment attempt was for another tip. Try again.' },

  // Discounts.
  offerUnavailable: { type: 'offer_unavailable', status: 409, message: 'This offer cannot be used.' },

  // Fan lists.
  fanListLimit: { type: 'fan_list_limit', status: 409, message: 'You have as many lists as you can keep. Delete one first.' },
  fanListNameTaken: { type: 'fan_list_name_taken', status: 409, message: 'You already have a list with this name.' },

  // The vault.
  vaultFolderLimit: { type: 'vault_folder_limit', status: 409, message: 'You have as many folders as you can keep. Delete one first.' },
  vaultFolderNameTaken: { type: 'vault_folder_name_taken', status: 409, message: 'You already have a folder with this name.' },
  mediaHeldAsEvidence: {
    type: 'media_held_as_evidence',
    status: 409,
    message: 'This item is kept while a report or an admin action names it.',
  },

  // Free-trial links.
  trialUnavailable: { type: 'trial_unavailable', status: 409, message: 'This free trial cannot be claimed.' },

  // Posts sold on their own.
  postNotForSale: { type: 'post_not_for_sale', status: 409, message: 'This post is not sold on its own.' },
  postAlreadyUnlocked: { type: 'post_already_unlocked', status: 409, message: 'You can already see this post.' },
  postPriceChanged: { type: 'post_price_changed', status: 409, message: 'The price of this post changed. Check it and try again.' },
  purchaseKeyReused: { type: 'purchase_key_reused', status: 409, message: 'This payment attempt was for another post. Try again.' },

  // Realtime: answers on the websocket, not HTTP; the status says what kind of refusal it is.
  realtimeInvalidMessage: { type: 'realtime_invalid_message', status: 400, message: 'This realtime message could not be understood.' },
  realtimeChannelForbidden: {
    type: 'realtime_channel_forbidden',
    status: 403,
    message: 'You may not follow this channel.',
  },
  realtimeUpgradeRequired: { type: 'realtime_upgrade_required', status: 426, message: 'Open this address as a websocket.' },
  realtimeTooManyChannels: { type: 'realtime_too_many_channels', status: 400, message: 'Too many channels on one connection.' },

  // Sign-in and registration.
  signInCodeInvalid: { type: 'sign_in_code_invalid', status: 400, message: 'That code is not right. Check the e-mail and try again.' },
  signInCodeExpired: { type: 'sign_in_code_expired', status: 400, message: 'That code has expired. Request a new one.' },
  signInLinkInvalid: {
    type: 'sign_in_link_invalid',
    status: 400,
    message: 'This sign-in link has expired or was already used. Ask for a new code.',
  },
  signInCodeAttemptsExceeded: {
    type: 'sign_in_code_attempts_exceeded',
    status: 429,
    message: 'Too many wrong codes. Request a new one.',
  },
  signInCodeRequestsExceeded: {
    type: 'sign_in_code_requests_exceeded',
    status: 429,
    message:
      'Many codes were asked for this address in the last 15 minutes. Sign in with the link in the latest e-mail from us, or try again later.',
  },
  signInAddressLocked: {
    type: 'sign_in_address_locked',
    status: 429,
    message: 'Too many wrong codes were tried for this address today. Sign in with the link in the latest e-mail from us instead.',
  },

  // Second factors: passkeys, authenticator apps and recovery codes.
  secondFactorRequired: {
    type: 'second_factor_required',
    status: 403,
    message: 'Add a passkey or an authenticator app to your account first, under Personal details, then try again.',
  },
  stepUpRequired: {
    type: 'step_up_required',
    status: 403,
    message: 'Confirm it is you with your passkey or authenticator app, then try again.',
  },
  secondFactorInvalid: {
    type: 'second_factor_invalid',
    status: 400,
    message: 'That did not match. Check the code in your authenticator app, or use a recovery code.',
  },
  secondFactorAttemptsExceeded: {
    type: 'second_factor_attempts_exceeded',
    status: 429,
    message: 'Too many wrong tries. Wait a few minutes, then sign in again.',
  },
  signInTicketInvalid: {
    type: 'sign_in_ticket_invalid',
    status: 400,
    message: 'This sign-in took too long or was already finished. Start again.',
  },
  totpAlreadyOn: {
    type: 'totp_already_on',
    status: 409,
    message: 'An authenticator app is already set up. Remove it first to set up another.',
  },
  recoveryCodesNeedFactor: {
    type: 'recovery_codes_need_factor',
    status: 409,
    message: 'Add a passkey or an authenticator app first: recovery codes come with them.',
  },
  totpNotStarted: { type: 'totp_not_started', status: 409, message: 'Start adding the authenticator app again: its setup has expired.' },
  passkeyInvalid: {
    type: 'passkey_invalid',
    status: 400,
    message: 'This passkey could not be checked. Try again, or use another way to confirm.',
  },
  termsVersionOutdated: {
    type: 'terms_version_outdated',
    status: 409,
    message: 'These terms have changed. Reload the page and read the current version.',
  },
  termsNotAccepted: { type: 'terms_not_accepted', status: 409, message: 'Accept the terms of service before setting up your profile.' },
  handleTaken: { type: 'handle_taken', status: 409, message: 'This handle is taken. Try another.' },
  registrationIncomplete: {
    type: 'registration_incomplete',
    status: 403,
    message: 'Finish setting up your profile before you continue.',
  },

  // Creators and their onboarding.
  creatorRequired: { type: 'creator_required', status: 403, message: 'Only creators can do that.' },
  onboardingNotStarted: { type: 'onboarding_not_started', status: 409, message: 'Start creator sign-up first.' },
  onboardingStepRequired: {
    type: 'onboarding_step_required',
    status: 409,
    message: 'Enter your date of birth before verifying your identity.',
  },
  creatorUnderAge: { type: 'creator_under_age', status: 422, message: 'You are too young to become a creator.' },
  identityAlreadyVerified: { type: 'identity_already_verified', status: 409, message: 'Your identity is already verified.' },
  verificationUnavailable: {
    type: 'verification_unavailable',
    status: 503,
    message: 'Identity verification is not available right now.',
  },
  verificationProviderError: {
    type: 'verification_provider_error',
    status: 502,
    message: 'The verification service could not start a check. Try again in a moment.',
  },
  mediaNotFound: { type: 'media_not_found', status: 404, message: 'That image was not found among your uploads.' },
  mediaNotImage: { type: 'media_not_image', status: 422, message: 'Avatar and cover must be images.' },
  mediaUnusable: { type: 'media_unusable', status: 422, message: 'That image could not be processed. Upload it again.' },

  // Follows and blocks.
  cannotFollowSelf: { type: 'cannot_follow_self', status: 400, message: 'You cannot follow yourself.' },
  cannotBlockSelf: { type: 'cannot_block_self', status: 400, message: 'You cannot block yourself.' },

  // Posts, their media, likes and seen marks.
  postEmpty: { type: 'post_empty', status: 400, message: 'Write something or add a picture, video or audio.' },
  invalidAccess: { type: 'invalid_access', status: 400, message: 'The access list names a plan that is not one of yours.' },
  invalidMedia: { type: 'invalid_media', status: 400, message: 'A media item was not found among your uploads.' },
  mediaFailed: { type: 'media_failed', status: 409, message: 'A media item could not be processed. Remove it and upload it again.' },
  mediaInUse: { type: 'media_in_use', status: 409, message: 'A media item is already used in another post or as a profile image.' },
  postMediaFull: { type: 'post_media_full', status: 409, message: 'This post already holds as many media items as a post can.' },
  postAlreadyPublished: {
    type: 'post_already_published',
    status: 409,
    message: 'This post is already published; its publish time cannot change.',
  },
  publishAtInPast: { type: 'publish_at_in_past', status: 400, message: 'Choose a time in the future, or publish now.' },
  publishAtTooFar: { type: 'publish_at_too_far', status: 400, message: 'This publish time is too far ahead.' },
  postLocked: { type: 'post_locked', status: 403, message: 'Unlock this post to like it.' },
  alreadySeen: { type: 'already_seen', status: 409, message: 'This post is already marked as seen.' },
  postRemoved: { type: 'post_removed', status: 410, message: 'An admin removed this post for breaking our rules.' },
  ownPostNotSeen: { type: 'own_post_not_seen', status: 409, message: 'Your own posts are not marked as seen.' },

  // Reports and moderation.
  alreadyReported: { type: 'already_reported', status: 409, message: 'You already reported this; we will tell you what we decide.' },
  cannotReportSelf: { type: 'cannot_report_self', status: 400, message: 'You cannot report yourself or your own content.' },
  restrictedWords: {
    type: 'restricted_words',
    status: 400,
    message: 'This text contains words that are not allowed here. Change them and try again.',
  },
  moderationActionNotApplicable: {
    type: 'moderation_action_not_applicable',
    status: 409,
    message: 'This action does not apply to this content.',
  },

  // Support tickets.
  supportTicketClosed: { type: 'support_ticket_closed', status: 409, message: 'This ticket is closed. Reopen it to write again.' },

  // Uploads. tus refusals keep tus's own text as the message.
  unsupportedFileType: { type: 'unsupported_file_type', status: 415, message: 'Unsupported file type' },
  uploadNotFound: { type: 'upload_not_found', status: 404, message: 'Upload not found.' },
  uploadFailed: { type: 'upload_failed', status: 500, message: 'The upload could not be saved. Please try again.' },
  uploadTooLarge: { type: 'upload_too_large', status: 413, message: 'The file is too large.' },
  storageQuotaExceeded: {
    type: 'storage_quota_exceeded',
    status: 413,
    message: 'Your storage is full. Delete media you no longer use to make room.',
  },
  uploadInvalidRequest: { type: 'upload_invalid_request', status: 400, message: 'The upload request was refused.' },
  uploadLengthRequired: {
    type: 'upload_length_required',
    status: 400,
    message: 'Say how large the file is when its upload starts.',
  },
  tooManyOpenUploads: {
    type: 'too_many_open_uploads',
    status: 429,
    message: 'You have too many unfinished uploads. Finish or cancel some, then try again.',
  },
  uploadOffsetConflict: { type: 'upload_offset_conflict', status: 409, message: 'The upload offset does not match the bytes received.' },
  uploadExpired: { type: 'upload_expired', status: 410, message: 'This upload has expired. Start it again.' },
  uploadProtocolUnsupported: { type: 'upload_protocol_unsupported', status: 412, message: 'This tus protocol version is not supported.' },
  uploadFeatureUnsupported: { type: 'upload_feature_unsupported', status: 501, message: 'This upload feature is not supported.' },

  // Plans and subscriptions.
  planHasSubscribers: {
    type: 'plan_has_subscribers',
    status: 409,
    message: 'This plan has subscribers, so its price cannot change. Create a new plan instead.',
  },
  planUnavailable: { type: 'plan_unavailable', status: 404, message: 'This plan is not available. Choose another plan.' },
  cannotSubscribeToSelf: { type: 'cannot_subscribe_to_self', status: 400, message: 'You cannot subscribe to your own plan.' },
  alreadySubscribed: {
    type: 'already_subscribed',
    status: 409,
    message: 'You already subscribe to this creator. Change your plan from your subscriptions instead.',
  },
  subscriptionEnded: { type: 'subscription_ended', status: 409, message: 'This subscription has ended. Subscribe again to renew it.' },
  samePlan: { type: 'same_plan', status: 409, message: 'You already have this plan.' },
  currencyMismatch: { type: 'currency_mismatch', status: 409, message: 'This plan is priced in another currency than yours.' },
  bundlePlanChange: {
    type: 'bundle_plan_change',
    status: 409,
    message: 'A bundle keeps its plan until it ends. Turn renewal off, then subscribe to the other plan when it ends.',
  },
  quoteChanged: {
    type: 'quote_changed',
    status: 409,
    message: 'The price of this change has changed. Check the new amount and confirm again.',
  },

  // Payments.
  paymentsUnavailable: {
    type: 'payments_unavailable',
    status: 503,
    message: 'Payments are not set up on this server yet. Please try again later.',
  },
  /** The provider's answer is unknown: retrying with the same idempotency key is safe. */
  paymentProviderUnavailable: {
    type: 'payment_provider_unavailable',
    status: 502,
    message: 'The payment provider did not answer. Try again: you will not be charged twice.',
  },
  paymentMethodRejected: { type: 'payment_method_rejected', status: 400, message: 'These payment details were refused.' },
  paymentMethodInUse: {
    type: 'payment_method_in_use',
    status: 409,
    message: 'A subscription renews with this method. Choose another payment method for it first.',
  },
  paymentMethodRequired: {
    type: 'payment_method_required',
    status: 409,
    message: 'Choose a payment method for this subscription first.',
  },
  paymentInProgress: {
    type: 'payment_in_progress',
    status: 409,
    message: 'A payment for this creator is still being processed. Check your subscriptions in a minute.',
  },
  paymentDeclined: { type: 'payment_declined', status: 402, message: 'The payment was declined. Try another payment method.' },
  paymentPending: {
    type: 'payment_pending',
    status: 409,
    message: 'Your payment is still being processed. Your subscription starts as soon as it clears.',
  },
  chargeNotRefundable: {
    type: 'charge_not_refundable',
    status: 409,
    message: 'Only a successful payment can be refunded.',
  },
  chargeNotDisputable: { type: 'charge_not_disputable', status: 409, message: 'Only a successful payment can be disputed.' },
  chargeAlreadyDisputed: { type: 'charge_already_disputed', status: 409, message: 'This payment is already disputed.' },
  disputeClosed: { type: 'dispute_closed', status: 409, message: 'This dispute is already decided.' },
  chargeAlreadyRefunded: { type: 'charge_already_refunded', status: 409, message: 'This payment has already been refunded.' },
  refundInProgress: {
    type: 'refund_in_progress',
    status: 409,
    message: 'A refund of this payment is still being processed.',
  },
  idempotencyKeyReused: {
    type: 'idempotency_key_reused',
    status: 409,
    message: 'This idempotency key was already used for another request.',
  },
  cardInvalid: { type: 'card_invalid', status: 400, message: 'The card number is not valid. Check it and try again.' },
  cardExpired: { type: 'card_expired', status: 400, message: 'The card has expired.' },
  webhookSignatureInvalid: { type: 'webhook_signature_invalid', status: 400, message: 'The webhook signature is not valid.' },
  webhookPayloadInvalid: {
    type: 'webhook_payload_invalid',
    status: 400,
    message: 'The webhook body is not an event this endpoint understands.',
  },

  // Payouts.
  payoutMethodDuplicate: { type: 'payout_method_duplicate', status: 409, message: 'You have already added this payout method.' },
  payoutMethodLimit: { type: 'payout_method_limit', status: 409, message: 'You have too many payout methods. Remove one first.' },
  payoutMethodMissing: {
    type: 'payout_method_missing',
    status: 409,
    message: 'Add a payout method first, so Aurum knows where to send your money.',
  },
  payoutMethodUnsupported: {
    type: 'payout_method_unsupported',
    status: 409,
    message: 'This server does not pay out to this kind of payout method. Add another kind.',
  },
  payoutBankDetailsMissing: {
    type: 'payout_bank_details_missing',
    status: 409,
    message:
      'Add your bank account again: payouts to it are now made by bank transfer, which needs its full details, and they were not kept when you added it.',
  },
  payoutBelowMinimum: { type: 'payout_below_minimum', status: 409, message: 'Your available balance is below the minimum payout.' },
  payoutsPaused: {
    type: 'payouts_paused',
    status: 409,
    message: 'Payouts are paused for a few days after a change of payout method.',
  },
  payoutNotRetryable: { type: 'payout_not_retryable', status: 409, message: 'Only a failed payout can be sent again.' },
  payoutNotManual: { type: 'payout_not_manual', status: 409, message: 'Only a payout made by manual bank transfer can be marked.' },
  payoutNotInFlight: {
    type: 'payout_not_in_flight',
    status: 409,
    message: 'Only a payout on its way can be marked paid or failed; this one is settled already.',
  },
  payoutsHeld: { type: 'payouts_held', status: 409, message: 'Your payouts are on hold. Contact support to find out why.' },
  payoutOnboardingNeeded: {
    type: 'payout_onboarding_needed',
    status: 409,
    message: 'Finish setting up your payout account first: the payout provider needs more details before it can pay you.',
  },
  payoutOnboardingNotNeeded: {
    type: 'payout_onboarding_not_needed',
    status: 409,
    message: 'Your payout method needs no account at a payout provider.',
  },
  payoutOnboardingRefused: {
    type: 'payout_onboarding_refused',
    status: 409,
    message: 'The payout provider cannot open an account for you.',
  },
  /** The payout provider did not answer: asking again (or its sending the event again) is safe. */
  payoutProviderUnavailable: {
    type: 'payout_provider_unavailable',
    status: 502,
    message: 'The payout provider did not answer. Try again in a moment.',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERROR_CATALOG;
/** The `type` of every error the API can answer with. */
export type ErrorType = (typeof ERROR_CATALOG)[ErrorName]['type'];

/** The types by name, for matching without string literals: `ERROR_TYPES.alreadySeen === 'already_seen'`. */
export const ERROR_TYPES = Object.fromEntries(Object.entries(ERROR_CATALOG).map(([name, spec]) => [name, spec.type])) as {
  readonly [N in ErrorName]: (typeof ERROR_CATALOG)[N]['type'];
};

const specsByType = new Map<string, ErrorSpec>(Object.values(ERROR_CATALOG).map((spec) => [spec.type, spec]));

/** The status and default message of an error type. */
export function errorSpec(type: ErrorType): ErrorSpec {
  const spec = specsByType.get(type);
  if (!spec) throw new Error(`Unknown error type ${type}`);
  return spec;
}
