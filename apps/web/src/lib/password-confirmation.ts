const PASSWORDS_DONT_MATCH = 'Passwords don`t match';

/** A zod refinement: the `confirmation` field repeats the `password` field ('Passwords don`t match'). */
export const confirms = <P extends string, C extends string>(
  password: P,
  confirmation: C,
): [(form: Record<P | C, string>) => boolean, { path: PropertyKey[]; message: string }] => [
  (form) => form[password] === form[confirmation],
  { path: [confirmation], message: PASSWORDS_DONT_MATCH },
];
