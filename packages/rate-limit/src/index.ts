export { type BucketRule, bucketFor, counterKey, GLOBAL_LIMIT, INVITE_CREATE_LIMIT, LOGIN_TOKEN_LIMIT, MESSAGE_CREATE_LIMIT, PINS_LIMIT, REACTIONS_LIMIT, ROUTE_BUCKETS, type RouteKey, THREAD_CREATE_LIMIT, TYPING_LIMIT } from "./buckets";
export { PEER_ADDRESS_HEADER, parseTrustProxy, resolveClientAddress, type TrustProxy } from "./client-address";
export { askingForChoicesTooOften, changingProfileTooOften, makingInvitesTooOften, markingReadTooOften, pinningTooOften, reactingTooOften, secondsToWait, sendingTooFast, signInThrottledError, signInThrottledWait, tooManySignIns, tooManySignUps, tryAgainIn, typingTooOften, usingAppsTooOften } from "./messages";
export { AUTOCOMPLETE_LIMIT, DEFAULT_SIGN_UPS_PER_HOUR, INTERACTION_LIMIT, PROFILE_UPDATE_LIMIT, READ_ACK_LIMIT, SIGN_IN_LIMITS, type SignInLimits, signUpLimit } from "./people-limits";
export { createSignInThrottle, type SignInAttempt, type SignInGate, type SignInThrottle } from "./sign-in-throttle";
export { createRateLimitStore, type RateLimitOutcome, type RateLimitStore, type RateLimitStoreOptions } from "./store";
