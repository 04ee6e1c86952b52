export {
  type CreateOverlayParameters,
  canDetectCovering,
  createOverlay,
  type Overlay,
  type OverlayCard,
  SECURE_WINDOW_TITLE,
  VISIBILITY_HINT,
} from './createOverlay.ts'
export { frameStyles } from './frameStyles.ts'
export {
  type ObserveFullVisibilityParameters,
  type ObserveFullVisibilityReturnType,
  observeFullVisibility,
} from './observeFullVisibility.ts'
export { secureWindowContentSecurityPolicy, secureWindowPage } from './secureWindowPage.ts'
