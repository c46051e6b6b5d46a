import { isSendableAddress } from '@invoicer/domain/api/sending';
import { X } from 'lucide-react';
import { useId, useRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { FieldError, Label } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { addAddresses, splitAddresses } from '../model/recipients';

export interface RecipientsInputProps {
  addresses: string[];
  onChange: (addresses: string[]) => void;
  /** The text typed and not yet an address: the dialog's, so Send takes it too. */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** The problems of the list, shown under it (recipientProblems, or the server's sentence). */
  errors: string[];
  disabled?: boolean;
  /** The text field's id (the dialog focuses it when the list cannot be sent). */
  inputId?: string;
}

/**
 * To, as chips (docs/product/sending-invoices.md#the-send-dialog): typing a comma, semicolon, space or Enter, pasting,
 * or leaving the field turns the text into addresses; each chip is checked on its own and says when it cannot be
 * sent to; its × removes it, as Backspace in the empty field removes the last one.
 */
export function RecipientsInput({
  addresses,
  onChange,
  draft,
  onDraftChange: setDraft,
  errors,
  disabled = false,
  inputId,
}: RecipientsInputProps) {
  const ownId = useId();
  const id = inputId ?? ownId;
  const input = useRef<HTMLInputElement>(null);

  const commit = (text: string) => {
    const added = splitAddresses(text);
    if (added.length > 0) onChange(addAddresses(addresses, added));
    setDraft('');
  };
  const remove = (index: number) => {
    onChange(addresses.filter((_address, i) => i !== index));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';' || event.key === ' ') {
      // Enter adds the typed address rather than sending the form; with nothing typed it sends.
      if (event.key !== 'Enter' || draft.trim() !== '') {
        event.preventDefault();
        commit(draft);
      }
    } else if (event.key === 'Backspace' && draft === '' && addresses.length > 0) {
      event.preventDefault();
      onChange(addresses.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[\s,;]/.test(text.trim())) return; // one address: let it be typed in as it is
    event.preventDefault();
    commit(`${draft} ${text}`);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>
        To
        <span className="ml-0.5 text-red-600" aria-hidden>
          *
        </span>
      </Label>
      <div
        className={cn(
          'mt-1 flex min-h-11 w-full flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5',
          'focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30 md:min-h-10',
          errors.length > 0 && 'border-red-500',
          disabled && 'bg-slate-100',
        )}
        onClick={() => input.current?.focus()}
      >
        {addresses.length > 0 && (
          <ul aria-label="Recipients" className="contents">
            {addresses.map((address, index) => {
              const valid = isSendableAddress(address);
              return (
                <li
                  key={address}
                  className={cn(
                    'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-2.5 text-sm',
                    valid ? 'border-slate-200 bg-slate-100 text-slate-800' : 'border-red-300 bg-red-50 text-red-800',
                  )}
                >
                  <span className="min-w-0 wrap-anywhere">{address}</span>
                  {!valid && <span className="sr-only">(not a valid e-mail address)</span>}
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      remove(index);
                    }}
                    disabled={disabled}
                    aria-label={`Remove ${address}`}
                    className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            // Leaving for Send: the send takes the typed text itself. Turning it into a chip now would move the
            // button (an error line going away) between the press and the release, and the click would be lost.
            if (event.relatedTarget instanceof HTMLButtonElement && event.relatedTarget.type === 'submit') return;
            commit(draft);
          }}
          aria-required
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={[hintId, errors.length > 0 ? errorId : ''].filter(Boolean).join(' ')}
          placeholder={addresses.length === 0 ? 'client@example.com' : ''}
          className="h-8 min-w-[8rem] flex-1 border-0 bg-transparent px-1 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Up to 10 addresses, separated by a comma, a space or Enter.
      </p>
      <FieldError id={errorId}>{errors.length > 0 ? errors.join(' ') : null}</FieldError>
    </div>
  );
}
