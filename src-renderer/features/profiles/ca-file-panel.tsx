// The CA file every request trusts beside Node's and the operating system's certificates
// (docs/network.md). A company root for TLS inspection that the operating system's store lacks
// reaches the installed app only this way: it cannot be started with NODE_EXTRA_CA_CERTS. Main
// owns the setting and opens the file dialog itself, so the window never names a file for main
// to trust; a file that cannot be used is refused with its reason and the setting stays.
import { describeCaFile } from '../../../src-main/shared/network-settings';
import { invoke } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { useMainSetting } from './use-main-setting';

export function CaFilePanel() {
  const { value: state, busy, error, change } = useMainSetting(() => invoke('settings:ca-file', {}));
  const ask = (action: 'choose' | 'clear') => () => void change(() => invoke('settings:set-ca-file', { action }));

  return (
    <section className="panel" aria-labelledby="ca-file-title" data-testid="ca-file">
      <h2 id="ca-file-title">Trusted certificates</h2>
      <p className="hint">
        Every profile&apos;s requests trust the certificates Node and the operating system trust. If your network inspects TLS with a
        company root the operating system lacks, choose its PEM file here. The <code>crm</code> commands on this data folder use it too.
      </p>
      {state && (
        <p role="status" className={state.problem === null ? undefined : 'msg msg-warning'} data-testid="ca-file-state">
          {describeCaFile(state)}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="btn" onClick={ask('choose')} disabled={busy}>
          {busy ? 'Reading the file…' : state?.path ? 'Choose another file…' : 'Choose a CA file…'}
        </button>
        {state?.path && (
          <button type="button" className="btn" onClick={ask('clear')} disabled={busy}>
            Stop trusting it
          </button>
        )}
      </div>
      {error && <ErrorMessage error={error} prefix="The CA file was not changed" testId="ca-file-error" />}
    </section>
  );
}
