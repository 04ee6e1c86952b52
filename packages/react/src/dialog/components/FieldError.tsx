import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { errorText } from './NetworkList.tsx'

export type FieldErrorProps = {
  /** The input names this id in `aria-describedby` while the error shows. */
  id: string
  error: Error | undefined
}

/**
 * A form input's error, announced as it appears (`role="alert"`) in the message catalog's words;
 * nothing without an error.
 */
export function FieldError({ id, error }: FieldErrorProps) {
  const { t } = useFoyerContext()
  if (!error) return null
  return (
    <p id={id} className="foyer-error-text" role="alert">
      {errorText(error, t)}
    </p>
  )
}
