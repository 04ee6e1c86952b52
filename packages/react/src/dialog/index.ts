// The dialog chunk: loaded with import() when the dialog first opens (or on prefetch).
export { Dialog, type DialogProps } from './Dialog.tsx'
export { FoyerOverlay } from './FoyerOverlay.tsx'
export { type PrepareDialogParameters, prepareDialog } from './prepareDialog.ts'
export {
  type CreateShadowHostParameters,
  createShadowHost,
  type ShadowHost,
  themeVariablesToCss,
} from './shadowHost.ts'
export { dialogStyles } from './styles.ts'
export { isBuiltView, preloadView } from './views/registry.ts'
