import { memo, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PartyField, type PartyFieldProps, type PartyFieldRenderProps } from './party-field';

/**
 * Where the user's caret was in the plain field when the page's own field replaced it: noted as
 * the plain one unmounts, put back as the page's one mounts. A plain object rather than a ref,
 * since its takeOver is handed to the page's render function.
 */
function createCaretHandoff() {
  let caret: { start: number; end: number } | null = null;
  return {
    leave(node: HTMLTextAreaElement | null) {
      caret =
        node !== null && node === document.activeElement
          ? { start: node.selectionStart, end: node.selectionEnd }
          : null;
    },
    takeOver(textarea: HTMLTextAreaElement) {
      const saved = caret;
      caret = null;
      if (!saved) return;
      textarea.focus();
      textarea.setSelectionRange(saved.start, saved.end);
    },
  };
}

/** The plain field shown while the page's own one loads; notes on leaving where the user's caret was. */
function ReplaceablePartyField({
  onLeave,
  ...props
}: PartyFieldProps & { onLeave: (node: HTMLTextAreaElement | null) => void }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const node = textarea.current;
    // Runs before React removes the element, so the focus is still where the user left it.
    return () => onLeave(node);
  }, [onLeave]);
  return <PartyField {...props} textareaRef={textarea} />;
}

/**
 * From or To: the page's own field when it renders one (the signed-in user's pickers), the plain
 * text area otherwise and while the page's one loads. Rendered again only when its own value
 * changes (not on every keystroke elsewhere).
 */
export const PartySlot = memo(function PartySlot({
  render,
  ...field
}: Omit<PartyFieldRenderProps, 'takeOver'> & { render: ((field: PartyFieldRenderProps) => ReactNode) | undefined }) {
  // The page's field replaces the plain one when its code arrives; whoever was typing goes on typing.
  const [handoff] = useState(createCaretHandoff);
  const plainProps = {
    label: field.label,
    value: field.value,
    onChange: (value: string) => field.onChange(value, field.partyId),
    placeholder: field.placeholder,
  };
  if (!render) return <PartyField {...plainProps} />;
  return (
    <Suspense fallback={<ReplaceablePartyField {...plainProps} onLeave={handoff.leave} />}>
      {render({ ...field, takeOver: handoff.takeOver })}
    </Suspense>
  );
});
