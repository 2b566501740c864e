// The preload: exposes window.crm (a domain API built from the IPC contract) and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createApi } from './create-api';

contextBridge.exposeInMainWorld(
  'crm',
  createApi({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    subscribe: (channel, listener) => {
      const wrapped = (_event: unknown, data: unknown) => listener(data);
      ipcRenderer.on(channel, wrapped);
      return () => {
        ipcRenderer.removeListener(channel, wrapped);
      };
    },
  }),
);
