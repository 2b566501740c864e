import { useEffect, useId } from 'react';
import { formatCount } from '../../lib/format';
import { useOpenScreen } from '../../app/app-port';
import { useSendStore, type SendKind } from '../send/send-store';
import { useMessagesStore } from '../messages/messages-store';
import {
  selectChosen,
  selectFirstPage,
  selectKnownTotal,
  selectLocalSearch,
  selectNotice,
  selectQuery,
  selectSearchInput,
  useContactsStore,
} from './contacts-store';
import { CONTACT_LISTBOX_ID, ContactList } from './contact-list';
import { SCREEN_FOCUS_MARK } from '../../ui/focus';
import { ErrorMessage } from '../../ui/messages';
import { CopyLastCurl } from '../log/copy-last-curl';
import { usePhoneDisplay } from '../../lib/phone-display-when-ready';
import { loadedRows, localSearchSentence } from './local-search';

export function ContactsScreen() {
  const init = useContactsStore((s) => s.init);
  useEffect(() => init(), [init]);
  return (
    <section className="screen screen-contacts" aria-labelledby="contacts-title">
      <h1 id="contacts-title">Contacts</h1>
      <SearchBar />
      <ContactsNotice />
      <LocalSearchNotice />
      <div className="contacts-layout">
        <ContactsBody />
        <ChosenContact />
      </div>
    </section>
  );
}

function SearchBar() {
  const value = useContactsStore(selectSearchInput);
  const setSearch = useContactsStore((s) => s.setSearch);
  const id = useId();
  return (
    <div className="toolbar">
      <label htmlFor={id}>Search contacts</label>
      <input
        id={id}
        type="search"
        {...SCREEN_FOCUS_MARK}
        value={value}
        placeholder="Name, number or email"
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          // down from the search field into the results, as in a combobox
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          document.getElementById(CONTACT_LISTBOX_ID)?.focus();
        }}
        aria-controls={CONTACT_LISTBOX_ID}
        autoComplete="off"
        spellCheck={false}
        data-testid="contacts-search"
      />
      <TotalCount />
      <CopyLastCurl endpoint="contacts.list" what="contacts list" testId="contacts-copy-curl" />
    </div>
  );
}

/** a note above the list on what it holds; nothing while there is none */
function ListNote({ text, testId }: { text: string | null; testId: string }) {
  if (text === null) return null;
  return (
    <p className="notice" role="note" data-testid={testId}>
      {text}
    </p>
  );
}

/** Shown when the service has no contacts listing: what the list is instead. */
function ContactsNotice() {
  return <ListNote text={useContactsStore(selectNotice)} testId="contacts-notice" />;
}

/** Shown when the service cannot search: the search was done here, over what it answered. */
function LocalSearchNotice() {
  const local = useContactsStore(selectLocalSearch);
  return <ListNote text={local === null ? null : localSearchSentence(local)} testId="contacts-local-search" />;
}

function TotalCount() {
  const total = useContactsStore(selectKnownTotal);
  const query = useContactsStore(selectQuery);
  const first = useContactsStore(selectFirstPage);
  const local = useContactsStore(selectLocalSearch);
  let text = '';
  if (first?.status === 'loading' && total == null) text = 'Loading…';
  else if (total != null && local !== null) text = `${formatCount(total)} of ${loadedRows(local.loaded)} match “${query}”`;
  else if (total != null) text = `${formatCount(total)} ${total === 1 ? 'contact' : 'contacts'}${query ? ` matching “${query}”` : ''}`;
  return (
    <p className="count" role="status" aria-live="polite" data-testid="contacts-total">
      {text}
    </p>
  );
}

function ContactsBody() {
  const first = useContactsStore(selectFirstPage);
  const total = useContactsStore(selectKnownTotal);
  const query = useContactsStore(selectQuery);
  const retryPage = useContactsStore((s) => s.retryPage);
  if (first?.status === 'error' && total == null) {
    return (
      <div className="contacts-error" data-testid="contacts-error">
        <ErrorMessage error={first.error} prefix="Contacts could not be loaded" />
        <button type="button" className="btn" onClick={() => retryPage(1)}>
          Retry
        </button>
      </div>
    );
  }
  if (first?.status === 'loaded' && total === 0) {
    return (
      <p className="empty" data-testid="contacts-empty">
        {query ? `No contact matches “${query}”.` : 'No contacts yet.'}
      </p>
    );
  }
  return <ContactList />;
}

function ChosenContact() {
  const chosen = useContactsStore(selectChosen);
  const navigate = useOpenScreen();
  const setTab = useSendStore((s) => s.setTab);
  if (!chosen) {
    return (
      <aside className="contact-detail muted" aria-label="Selected contact">
        <p>Select a contact (arrow keys and Enter, or a click) to make it the recipient of the send panels.</p>
      </aside>
    );
  }
  const go = (tab: SendKind) => {
    setTab(tab);
    navigate('send');
  };
  return (
    <aside className="contact-detail" aria-label="Selected contact" data-testid="chosen-contact">
      <h2>{chosen.name}</h2>
      <dl className="kv">
        <dt>Number</dt>
        <ChosenNumber number={chosen.number} />
        <dt>Email</dt>
        <dd>{chosen.email ?? '—'}</dd>
        {chosen.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{chosen.tags.join(', ')}</dd>
          </>
        )}
      </dl>
      <p className="hint">Recipient of the send panels.</p>
      <div className="button-row">
        {SEND_BUTTONS.map(({ tab, label }) => (
          <button key={tab} type="button" className={tab === 'text' ? 'btn btn-primary' : 'btn'} onClick={() => go(tab)}>
            {label}
          </button>
        ))}
        <button
          type="button"
          className="btn"
          onClick={() => {
            useMessagesStore.getState().showNumber(chosen.number);
            navigate('messages');
          }}
        >
          Messages
        </button>
      </div>
    </aside>
  );
}

/** the chosen contact's ways into the send panels, Send text first as the usual one */
const SEND_BUTTONS: readonly { tab: SendKind; label: string }[] = [
  { tab: 'text', label: 'Send text' },
  { tab: 'media', label: 'Send media' },
  { tab: 'audio', label: 'Send audio' },
  { tab: 'template', label: 'Send template' },
];

function ChosenNumber({ number }: { number: string }) {
  return (
    <dd className="mono" data-number={number}>
      {usePhoneDisplay(number)}
    </dd>
  );
}
