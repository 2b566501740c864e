import { firstScreenKnown } from './first-load';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/contacts.css';
import './styles/send.css';
import './styles/inspector.css';
import './styles/outbox.css';
import './styles/messages.css';
import './styles/keys.css';
import './styles/profiles.css';
import './styles/log.css';
import './styles/inbox.css';
import './styles/api-editor.css';
import './styles/search.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void firstScreenKnown.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
