import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requestApi, succeeded } from '../../lib/api-request';
import { shownText } from '../../lib/shown-text';
import { Modal } from '../modal';

/** SPEC §4: the session flag the add-on carousel sets before it reloads the cart page. */
export const ADDON_SUCCESS_KEY = 'addonSuccess';
/** SPEC §7: where the modal's content comes from. */
export const ADDON_MODAL_PATH = '/jsp/templates/page_elements/au/common/cart_addon_success_modal.jsp';

export interface AddOnSuccessFlag {
  itemCode: string;
  name: string;
  image: string;
}

interface Content {
  /** The stored item's name, to say the server's English message in the page's language. */
  name: string;
  title: string;
  message: string;
  /** Only an image the server accepted (a path under /images/); never one read straight from storage. */
  image: string | null;
}

const FALLBACK_TITLE = 'Added to your cart';
const addedMessage = (name: string) => `${name} has been added to your cart.`;
const OWN_IMAGE = /^\/images\/(?!.*\/\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/;

/** Reads and removes the flag, so the modal shows once and not again on the next reload. */
function takeFlag(): AddOnSuccessFlag | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(ADDON_SUCCESS_KEY);
    if (raw !== null) window.sessionStorage.removeItem(ADDON_SUCCESS_KEY);
  } catch {
    return null; // storage blocked
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof AddOnSuccessFlag, unknown>> | null;
    if (!value || typeof value.name !== 'string' || !value.name.trim()) return null;
    return {
      itemCode: typeof value.itemCode === 'string' ? value.itemCode : '',
      name: value.name.trim(),
      image: typeof value.image === 'string' ? value.image : '',
    };
  } catch {
    return null;
  }
}

async function loadContent(flag: AddOnSuccessFlag): Promise<Content> {
  const fallback: Content = {
    name: flag.name,
    title: FALLBACK_TITLE,
    message: addedMessage(flag.name),
    image: null,
  };
  const reply = await requestApi<Record<string, unknown>>('POST', ADDON_MODAL_PATH, {
    image: flag.image,
    itemCode: flag.itemCode,
    name: flag.name,
  });
  const r = succeeded(reply) ? reply.body.response : null;
  if (!r || typeof r.title !== 'string' || typeof r.message !== 'string') return fallback;
  return {
    name: flag.name,
    title: r.title,
    message: r.message,
    image: typeof r.image === 'string' && OWN_IMAGE.test(r.image) ? r.image : null,
  };
}

/**
 * SPEC §4 "The add-on success modal is triggered by a session flag": after an add-on is added the cart
 * page reloads, and this shows the server's modal content (SPEC §7) once. The content is rendered as
 * text only. If the content cannot be fetched, a simple modal names the stored item.
 */
export function AddOnSuccessModal() {
  const { i18n } = useLingui();
  const [content, setContent] = useState<Content | null>(null);
  const started = useRef(false);
  const close = useCallback(() => setContent(null), []);

  useEffect(() => {
    // NOTE: a ref, not a cleanup flag: a re-run effect (StrictMode) must not drop the content of the
    // flag the first run already took out of storage.
    if (started.current) return;
    started.current = true;
    const flag = takeFlag();
    if (flag) void loadContent(flag).then(setContent);
  }, []);

  if (!content) return null;
  // The server's standard message names the item: said again in the page's language; any other text as sent.
  const message =
    content.message === addedMessage(content.name)
      ? i18n._('{name} has been added to your cart.', { name: content.name })
      : content.message;
  return (
    <Modal
      labelledBy="addon-success-title"
      describedBy="addon-success-text"
      className="addon-success"
      onClose={close}
      closeOnBackdrop
    >
      <h2 id="addon-success-title">{shownText(i18n, content.title)}</h2>
      {content.image ? (
        <img src={content.image} alt="" width={150} height={200} className="product-image product-image--small" />
      ) : null}
      <p id="addon-success-text">{message}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close} data-autofocus>
          {i18n._('Close')}
        </button>
      </div>
    </Modal>
  );
}
