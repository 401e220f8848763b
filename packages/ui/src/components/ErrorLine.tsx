/**
 * The red line under a field or a form, announced as it appears (role=alert); nothing without a
 * message. `id` lets the control point at it with aria-describedby.
 */
export function ErrorLine({ message, id }: { message: string | null | undefined; id?: string }) {
  return message ? (
    <p className="hn-field__error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}
