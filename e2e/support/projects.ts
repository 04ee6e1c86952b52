/**
 * Projects besides the world's own, as an operator would set them up with `project upsert`:
 * one whose server turns swaps and analytics off, one that does not allow the demo's origin.
 */
export const e2eProjects = {
  operatorOff: 'e2e-operator-off',
  foreignOrigin: 'e2e-foreign-origin',
} as const
