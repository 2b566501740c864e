// A place a contact shared: its name, address and coordinates, and a link that opens it on a map
// in the OS browser (the window itself loads nothing from the network).
import type { ItemLocation } from '../../lib/api';
import { invoke } from '../../lib/api';

function coordinates(location: ItemLocation): string {
  return `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
}

export function LocationCard({ location }: { location: ItemLocation }) {
  const map = `https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=17/${location.latitude}/${location.longitude}`;
  return (
    <div
      className="conversation-location"
      data-testid="conversation-location"
      role="group"
      aria-label={`Location shared by the contact: ${location.name ?? coordinates(location)}`}
    >
      <p className="conversation-location-name">{location.name ?? 'Shared location'}</p>
      {location.address !== null && <p className="conversation-location-address">{location.address}</p>}
      <p className="conversation-location-coordinates">{coordinates(location)}</p>
      <button type="button" className="btn btn-link" onClick={() => void invoke('shell:open-external', { url: map })}>
        Open on a map
      </button>
    </div>
  );
}
