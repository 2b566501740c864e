import { useEffect, type ComponentType } from 'react';
import { panelId, tabId, Tabs, type TabItem } from '../../ui/tabs';
import { AudioPanel } from './audio-panel';
import { MediaPanel } from './media-panel';
import { selectTab, useSendStore, type SendKind } from './send-store';
import { TemplatePanel } from './template-panel';
import { TextPanel } from './text-panel';

const TABS: TabItem<SendKind>[] = [
  { id: 'text', label: 'Send Text' },
  { id: 'media', label: 'Send Media' },
  { id: 'audio', label: 'Send Audio' },
  { id: 'template', label: 'Send Template' },
];

const PANELS: Record<SendKind, ComponentType> = { text: TextPanel, media: MediaPanel, audio: AudioPanel, template: TemplatePanel };

export function SendScreen() {
  const tab = useSendStore(selectTab);
  const setTab = useSendStore((s) => s.setTab);
  const schedulePreview = useSendStore((s) => s.schedulePreview);
  // the preview of the visible panel is fresh whenever the screen opens
  useEffect(() => schedulePreview(tab), [tab, schedulePreview]);
  const Panel = PANELS[tab];
  return (
    <section className="screen screen-send" aria-labelledby="send-title">
      <h1 id="send-title">Send</h1>
      <Tabs label="Message type" items={TABS} selected={tab} onSelect={setTab} idPrefix="send" />
      <div
        role="tabpanel"
        id={panelId('send', tab)}
        aria-labelledby={tabId('send', tab)}
        className="tabpanel"
        data-testid={`send-panel-${tab}`}
      >
        <Panel />
      </div>
    </section>
  );
}
