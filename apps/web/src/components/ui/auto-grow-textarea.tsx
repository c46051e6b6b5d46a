import { forwardRef, useCallback, useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { Textarea } from './field';

/**
 * A textarea that grows with its text up to max-h (then scrolls). Works with react-hook-form's
 * register(): its ref is forwarded and its onChange is kept.
 */
export const AutoGrowTextarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function AutoGrowTextarea({ className, onChange, ...props }, forwardedRef) {
    const own = useRef<HTMLTextAreaElement | null>(null);
    const fit = useCallback(() => {
      const element = own.current;
      if (!element) return;
      element.style.height = 'auto';
      element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
    }, []);
    const setRef = useCallback(
      (element: HTMLTextAreaElement | null) => {
        own.current = element;
        if (typeof forwardedRef === 'function') forwardedRef(element);
        else if (forwardedRef) forwardedRef.current = element;
      },
      [forwardedRef],
    );
    // Text set from outside (a reset, a restored value) sizes the box as well.
    useLayoutEffect(fit, [fit, props.value]);
    return (
      <Textarea
        ref={setRef}
        rows={4}
        className={cn('max-h-[60vh] resize-none! overflow-y-auto', className)}
        onChange={(event) => {
          fit();
          onChange?.(event);
        }}
        {...props}
      />
    );
  },
);
