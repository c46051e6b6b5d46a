import { Fragment } from 'react';

/**
 * A formatted sum ("€1,000,000.00") that may wrap after a thousands separator when its box is too narrow,
 * never inside a group of digits: a figure is never cut short (docs/decisions/0042-layouts-for-every-width.md).
 * The text itself is unchanged (`<wbr>` adds no character), so it reads and copies as one figure.
 */
export function BreakableAmount({ children }: { children: string }) {
  const groups = children.split(/(?<=,)/);
  return groups.map((group, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {group}
    </Fragment>
  ));
}
