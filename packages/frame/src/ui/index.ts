export {
  type CreateOverlayParameters,
  createOverlay,
  type Overlay,
  type OverlayCard,
  VISIBILITY_HINT,
} from './createOverlay.ts'
export { frameStyles } from './frameStyles.ts'
export {
  type ObserveFullVisibilityParameters,
  type ObserveFullVisibilityReturnType,
  observeFullVisibility,
} from './observeFullVisibility.ts'
