import { useSearchParams } from 'react-router';

/**
 * The tab of a list page with an organization's list and 'Assigned To Me' (/devices, /fleets): kept
 * in the address as ?tab=mine, so a reload or a link keeps it.
 */
export function useMineTab(): ['org' | 'mine', (value: 'org' | 'mine') => void] {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'org';
  const setTab = (value: 'org' | 'mine') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'mine') next.set('tab', 'mine');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return [tab, setTab];
}
