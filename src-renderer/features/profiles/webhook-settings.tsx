// Profiles -> Edit -> Events: where the profile's service should post its webhooks (replies and
// delivery states), and its webhook secret (Meta: the app secret; Twilio: the auth token) and
// Meta's verify token, set or cleared under that address. The developer's setup, apart from the
// agent's conversation. Each value is a secret input (ui/secret-input.ts): read once on Save,
// handed to main by webhooks:set-secrets, and the field emptied at once; main keeps it in the
// keychain and answers only whether each is set. Main acts on the active profile: another
// profile's settings are set up after switching to it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ErrorInfo, Profile, WebhookInfo } from '../../lib/api';
import { ErrorMessage, ErrorText } from '../../ui/messages';
import { useSecretInput } from '../../ui/secret-input';
import { SecretValueInput } from '../../ui/secret-value-input';
import { selectActiveProfileId, useProfilesStore } from './profiles-store';
import { useWebhooksStore } from './webhooks-store';
import { WebhookInspector } from './webhook-inspector';

type Field = 'secret' | 'verifyToken';

const LABELS: Record<Field, { label: string; hint: string }> = {
  secret: { label: 'Webhook secret', hint: 'Meta: the app secret; Twilio: the auth token. Once set, only posts signed with it are taken.' },
  verifyToken: { label: 'Verify token', hint: "Answers Meta's subscription check (hub.verify_token)." },
};

function isSet(info: WebhookInfo, field: Field): boolean {
  return field === 'secret' ? info.signed : info.verifyToken;
}

function SecretField({ field, info }: { field: Field; info: WebhookInfo }) {
  const save = useWebhooksStore((s) => s.save);
  const { ref, take } = useSecretInput();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ local: string } | { error: ErrorInfo } | null>(null);
  const id = useId();
  const { label, hint } = LABELS[field];
  const set = isSet(info, field);

  const run = async (value: string | null): Promise<void> => {
    setBusy(true);
    setDone(null);
    setProblem(null);
    const error = await save(field, value);
    setBusy(false);
    if (error) setProblem({ error });
    else setDone(value === null ? `${label} cleared.` : `${label} saved to the keychain.`);
  };
  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    const value = take().trim();
    if (value === '') {
      setProblem({ local: `Type the ${label.toLowerCase()} first.` });
      return;
    }
    void run(value);
  };

  return (
    <form className="webhook-secret" onSubmit={onSubmit} aria-labelledby={`${id}-label`} data-testid={`webhook-${field}`}>
      <label id={`${id}-label`} htmlFor={`${id}-value`}>
        {label}
      </label>
      <span className={set ? 'webhook-secret-state is-set' : 'webhook-secret-state'} data-testid={`webhook-${field}-state`}>
        {set ? 'Set' : 'Not set'}
      </span>
      <SecretValueInput id={`${id}-value`} inputRef={ref} hintId={`${id}-hint`} placeholder={set ? 'Type a new one to replace it' : ''} />
      <button type="submit" className="btn" disabled={busy}>
        Save
      </button>
      <button type="button" className="btn" disabled={busy || !set} onClick={() => void run(null)}>
        Clear
      </button>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      <div role="status" aria-live="polite">
        {done}
      </div>
      {problem &&
        ('local' in problem ? (
          <ErrorText>{problem.local}</ErrorText>
        ) : (
          <ErrorMessage error={problem.error} prefix={`The ${label.toLowerCase()} was not saved`} />
        ))}
    </form>
  );
}

function WebhookAddress({ info }: { info: WebhookInfo }) {
  return (
    <>
      <p className="hint" data-testid="webhook-address">
        {info.url ? (
          <>
            Replies and delivery states arrive when the service posts its webhooks to <code>{info.url}</code> (reach it from the internet
            with your own tunnel)
            {info.signed ? '; posts must be signed with the webhook secret.' : '.'}
          </>
        ) : (
          info.problem
        )}
      </p>
      {info.warning && (
        <p className="hint warning-text" role="status" data-testid="webhook-warning">
          {info.warning}
        </p>
      )}
      {!info.eventsArrived && <p className="hint">No reply or delivery state of this service has reached the app yet.</p>}
    </>
  );
}

/** The Events tab of a profile's page: the active profile's address and signing; another profile's after switching to it. */
export function WebhookSettings({ profile }: { profile: Profile }) {
  const activeId = useProfilesStore(selectActiveProfileId);
  const activate = useProfilesStore((s) => s.activate);
  const { info, error, load } = useWebhooksStore();
  const active = profile.id === activeId;
  const id = useId();
  useEffect(() => {
    if (active) void load();
  }, [active, load]);
  if (!active)
    return (
      <div className="webhook-settings" data-testid="webhook-settings">
        <p className="hint">
          The app listens for the active profile&apos;s events: switch to “{profile.name}” to see its webhook address and set its signing.
        </p>
        <button type="button" className="btn" onClick={() => void activate(profile.id)}>
          Switch to “{profile.name}”
        </button>
      </div>
    );
  return (
    <div className="webhook-settings" data-testid="webhook-settings">
      {error && <ErrorMessage error={error} prefix="The webhook settings could not be read" />}
      {info && <WebhookAddress info={info} />}
      {info && (
        <section className="webhook-secrets" aria-labelledby={`${id}-title`} data-testid="webhook-secrets">
          <h3 id={`${id}-title`}>Webhook signing</h3>
          <p className="hint">Kept in the OS keychain for this profile; never shown again, here or anywhere.</p>
          <SecretField field="secret" info={info} />
          <SecretField field="verifyToken" info={info} />
        </section>
      )}
      <WebhookInspector />
    </div>
  );
}
