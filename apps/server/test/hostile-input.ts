import fc from 'fast-check';

/** The seed of the random-input tests, so a failure reproduces; FC_SEED overrides it. */
export const FC_SEED = Number(process.env.FC_SEED ?? 20261121);

/**
 * Text a client may send by accident or on purpose: any string, raw UTF-16 units up to `binaryMax`
 * (lone surrogates, controls), the `words` the calling test cares about, and text of `long` length.
 */
export function hostileString(
  words: readonly string[],
  { binaryMax, long }: { binaryMax: number; long: readonly [min: number, max: number] },
): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: binaryMax }),
    fc.constantFrom(...words),
    fc.string({ minLength: long[0], maxLength: long[1] }),
  );
}

/** Whatever JSON may stand where a field expects one kind: `strings`, numbers, booleans, null, nested JSON. */
export function looseValue(strings: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(strings, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
}
