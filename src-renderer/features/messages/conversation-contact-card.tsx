// Contact cards a contact shared (Meta's `contacts` message): each card's name, company, numbers
// and addresses, as text a person can select and copy.
import type { ItemContactCard } from '../../lib/api';

export function ContactCards({ cards }: { cards: ItemContactCard[] }) {
  return (
    <ul className="conversation-cards" aria-label="Contact cards shared by the contact">
      {cards.map((card, i) => (
        <li key={i} className="conversation-card" data-testid="conversation-contact-card">
          <p className="conversation-card-name">{card.name}</p>
          {card.company !== null && <p className="conversation-card-company">{card.company}</p>}
          {card.phones.map((phone) => (
            <p key={`p:${phone}`}>{phone}</p>
          ))}
          {card.emails.map((email) => (
            <p key={`e:${email}`}>{email}</p>
          ))}
        </li>
      ))}
    </ul>
  );
}
