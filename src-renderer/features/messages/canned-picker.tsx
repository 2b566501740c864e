// The reply box's canned responses: `/` at the start of the box opens a list of them, filtered as
// the person types (the names that start with it first); arrow keys move, Enter picks, Escape
// closes. A pick fills the box with the body, the contact's name and number filled in; a body
// with parameters ({{order}}) asks for each first. The list is read from main each time it opens,
// so one added by `crm canned add` (or another person on the data folder) is there.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type RefObject } from 'react';
import type { CannedResponse, ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { cannedMatches, fillCanned, parametersOf } from '../../../src-main/shared/canned';

/** what follows `/` while the box holds nothing else (no space, no line): the list is open for it */
export function slashQuery(text: string): string | null {
  return /^\/[^\s]*$/u.test(text) ? text.slice(1) : null;
}

interface Asking {
  canned: CannedResponse;
  names: string[];
}

export interface CannedPicker {
  /** for the reply box: the list it controls and the option shown as active */
  textareaProps: { 'aria-autocomplete': 'list'; 'aria-controls'?: string; 'aria-activedescendant'?: string };
  /** runs before the box's own keys; a key it used is defaultPrevented */
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
  element: ReactElement | null;
}

export function useCannedPicker(
  text: string,
  setText: (text: string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
  contact: { name: string | null; number: string },
  /** told of the canned response whose text went in (its file, if any, goes with the reply) */
  onPicked: (canned: CannedResponse) => void = () => undefined,
): CannedPicker {
  const listId = useId();
  const [items, setItems] = useState<CannedResponse[] | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  // the active option for the query it was moved for: another query starts at the first
  const [moved, setMoved] = useState<{ query: string; index: number }>({ query: '', index: 0 });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const query = slashQuery(text);
  const open = query !== null && closedFor !== text && asking === null;
  const matches = open && items !== null ? cannedMatches(items, query) : [];
  const active = moved.query === query ? moved.index : 0;
  const isOpen = query !== null;

  // read afresh each time the list opens
  useEffect(() => {
    if (!isOpen) return;
    let current = true;
    void invoke('canned:list', {}).then((r) => {
      if (!current) return;
      if (r.ok) {
        setItems(r.value);
        setError(null);
      } else setError(r.error);
    });
    return () => {
      current = false;
    };
  }, [isOpen]);

  const insert = (canned: CannedResponse, params: Record<string, string>): void => {
    setAsking(null);
    setText(fillCanned(canned.text, { contact, params }));
    onPicked(canned);
    box.current?.focus();
  };
  const pick = (canned: CannedResponse): void => {
    const names = parametersOf(canned.text);
    if (names.length === 0) insert(canned, {});
    else setAsking({ canned, names });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      setClosedFor(text);
    } else if (matches.length === 0) {
      return;
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setMoved({ query, index: (active + step + matches.length) % matches.length });
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      const chosen = matches[Math.min(active, matches.length - 1)];
      if (chosen) pick(chosen);
    }
  };

  const optionId = (i: number): string => `${listId}-option-${i}`;
  const shown = open && matches.length > 0;
  const element = asking ? (
    <ParamsForm
      asking={asking}
      onInsert={(params) => insert(asking.canned, params)}
      onCancel={() => {
        setAsking(null);
        box.current?.focus();
      }}
    />
  ) : open ? (
    <div className="canned-picker">
      {error && <ErrorMessage error={error} prefix="Could not read the canned responses" />}
      {items !== null && matches.length === 0 && (
        <p className="hint" role="status">
          {items.length === 0
            ? 'No canned responses yet: crm canned add --name NAME --text TEXT'
            : `No canned response starts with or holds “${query}”.`}
        </p>
      )}
      {shown && (
        <ul className="canned-list" role="listbox" id={listId} aria-label="Canned responses" data-testid="canned-list">
          {matches.map((c, i) => (
            <li
              key={`${c.scope}:${c.name}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'canned-option canned-active' : 'canned-option'}
              onMouseDown={(e) => {
                // keep the box's focus: the pick then happens as with Enter
                e.preventDefault();
                pick(c);
              }}
            >
              <strong>/{c.name}</strong>{' '}
              <span className="muted">
                {c.scope === 'shared' ? 'shared' : 'yours'}
                {c.media === null ? '' : ', with a file'}
              </span>{' '}
              <span className="canned-body">{c.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  ) : null;

  return {
    textareaProps: {
      'aria-autocomplete': 'list',
      ...(shown ? { 'aria-controls': listId, 'aria-activedescendant': optionId(Math.min(active, matches.length - 1)) } : {}),
    },
    onKeyDown,
    element,
  };
}

/** the parameters a canned response asks for, before its body goes into the box */
function ParamsForm({
  asking,
  onInsert,
  onCancel,
}: {
  asking: Asking;
  onInsert: (params: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(asking.names.map((n) => [n, ''])));
  const first = useRef<HTMLInputElement>(null);
  const baseId = useId();
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset
      className="canned-params"
      data-testid="canned-params"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        } else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
          e.preventDefault();
          onInsert(values);
        }
      }}
    >
      <legend>Fill in /{asking.canned.name}</legend>
      {asking.names.map((name, i) => (
        <span key={name} className="canned-param">
          <label htmlFor={`${baseId}-${i}`}>{name}</label>
          <input
            id={`${baseId}-${i}`}
            ref={i === 0 ? first : undefined}
            value={values[name] ?? ''}
            onChange={(e) => setValues({ ...values, [name]: e.target.value })}
          />
        </span>
      ))}
      <button type="button" className="btn btn-small" onClick={() => onInsert(values)}>
        Insert
      </button>
      <button type="button" className="btn btn-small" onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
