import type { z } from 'zod';

type Node = Record<PropertyKey, unknown>;

/** Puts a message at a path like `['notificationRules', 0, 'notify']`, creating arrays for numeric keys. */
function setIn(errors: Node, path: readonly PropertyKey[], message: string) {
  let node = errors;
  for (const [index, key] of path.slice(0, -1).entries()) {
    node[key] ??= typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Node;
  }
  node[path[path.length - 1]] ??= message; // a field's first problem is the one to fix first
}

/**
 * A react-admin form `validate` from a contract schema: the server's own rules and messages (contract/),
 * checked in the browser as the user types. Errors come back nested as react-admin expects.
 */
export function validateWith(schema: z.ZodType) {
  return (values: object): Node => {
    const errors: Node = {};
    const result = schema.safeParse(values);
    if (result.success) return errors;
    for (const { path, message } of result.error.issues) if (path.length > 0) setIn(errors, path, message);
    return errors;
  };
}

/** `<SimpleForm>` props that check a contract schema on change, on blur and on submit. */
export const liveValidation = (schema: z.ZodType) =>
  ({ validate: validateWith(schema), mode: 'all', reValidateMode: 'onChange' }) as const;
