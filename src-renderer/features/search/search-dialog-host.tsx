// Where the search dialog appears. The dialog (and the number formatter it shows numbers with)
// is a chunk of its own, kept out of what the window parses before its first screen, and fetched
// once the window is idle, so Ctrl+Shift+F opens it at once.
import { lazy, Suspense, useEffect } from 'react';
import { useSearchStore } from './search-store';

const load = () => import('./search-dialog').then((m) => ({ default: m.SearchDialog }));
const SearchDialog = lazy(load);

/** after the first screen's work (as the later screens' chunks): not competing with the first rows */
const PRELOAD_AFTER_MS = 1500;

export function SearchDialogHost() {
  const open = useSearchStore((s) => s.open);
  useEffect(() => {
    const wait = setTimeout(() => {
      load().catch(() => {
        // fetched again when the dialog opens, where a failure shows
      });
    }, PRELOAD_AFTER_MS);
    return () => clearTimeout(wait);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog />
    </Suspense>
  );
}
