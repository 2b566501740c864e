// Templates: every template of the active profile's service with its status, the reason of a
// rejection, its quality, category (and the one it was approved with when Meta moved it) and
// language; live while a review is pending or a webhook or `crm` changes a state. New templates
// are submitted from the form below, and Edit opens that form prefilled with a row's template;
// Delete removes one in every language.
import { useEffect } from 'react';
import { usePicked } from '../../app/use-picked';
import type { ManagedTemplate } from '../../lib/api';
import { onEvent } from '../../lib/api';
import { requestConfirm } from '../../ui/confirm-store';
import { ErrorMessage } from '../../ui/messages';
import { TemplateForm } from './template-form';
import { REVIEW_POLL_MS, selectReviewing, selectTemplates, useTemplatesStore } from './templates-store';

function categoryText(t: ManagedTemplate): string {
  const now = t.category ?? '—';
  return t.approvedCategory !== null && t.approvedCategory !== t.category ? `${now} (approved as ${t.approvedCategory})` : now;
}

export function TemplatesScreen() {
  const templates = useTemplatesStore(selectTemplates);
  const reviewing = useTemplatesStore(selectReviewing);
  const { status, overview, error, done, load, reloadKept, remove, startEditing, editing } = usePicked(
    useTemplatesStore,
    'status',
    'overview',
    'error',
    'done',
    'load',
    'reloadKept',
    'remove',
    'startEditing',
    'editing',
  );
  useEffect(() => {
    void load();
    return onEvent('template-lifecycle:changed', () => void reloadKept());
  }, [load, reloadKept]);
  // a review under way: ask the service again until it has decided
  useEffect(() => {
    if (!reviewing) return;
    const timer = setInterval(() => void load(), REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [reviewing, load]);

  const confirmDelete = async (name: string) => {
    const message = `Template ${name} is deleted at the service in every language.`;
    const ok = await requestConfirm({ title: `Delete ${name}?`, message, confirmLabel: 'Delete', danger: true });
    if (ok) await remove(name);
  };

  return (
    <section className="screen screen-templates" aria-labelledby="templates-title">
      <h1 id="templates-title">Templates</h1>
      <div className="toolbar">
        <button type="button" className="btn" onClick={() => void load()}>
          Refresh
        </button>
        <p role="status" aria-live="polite" className="muted" data-testid="templates-status">
          {done ?? (reviewing ? 'A template is in review: its status updates here.' : '')}
        </p>
      </div>
      {overview?.reason != null && <p className="hint">{overview.reason}</p>}
      {error && <ErrorMessage error={error} prefix="The templates could not be listed" />}
      {status === 'ready' && templates.length === 0 && <p className="empty">No templates.</p>}
      {templates.length > 0 && (
        <table className="data-table" data-testid="templates-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Language</th>
              <th scope="col">Status</th>
              <th scope="col">Reason</th>
              <th scope="col">Quality</th>
              <th scope="col">Category</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={`${t.name}|${t.language}`} data-testid={`template-${t.name}-${t.language}`}>
                <td>{t.name}</td>
                <td>{t.language}</td>
                <td data-testid="template-status">{t.status}</td>
                <td>{t.rejectedReason ?? ''}</td>
                <td>{t.quality}</td>
                <td>{categoryText(t)}</td>
                <td>
                  {overview?.manages === true && (
                    <div className="button-row">
                      <button type="button" className="btn" onClick={() => startEditing(t)} aria-label={`Edit ${t.name} (${t.language})`}>
                        Edit
                      </button>
                      <button type="button" className="btn" onClick={() => void confirmDelete(t.name)} aria-label={`Delete ${t.name}`}>
                        Delete
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {overview?.manages === true && <TemplateForm key={editing === null ? 'new' : `edit ${editing.name}|${editing.language}`} />}
    </section>
  );
}
