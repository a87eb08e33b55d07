// The sandbox insurance partners' quote page (spec 2 §7 "Quote partners"): Buy asks the partner to issue the policy
// (once: a second click or a retry answers the same policy number) and then offers the policy page and the way back to
// the tenant portal; Cancel gives up and offers the way back. No inline script: the page's CSP allows scripts from here.
(() => {
  const root = document.getElementById('partner-quote');
  document.getElementById('title')?.focus();
  if (!root) return;
  const status = document.getElementById('status');
  const buy = document.getElementById('buy');
  const cancel = document.getElementById('cancel');
  const actions = document.getElementById('quote-actions');
  const after = document.getElementById('after');
  const viewPolicy = document.getElementById('view-policy');
  const back = document.getElementById('back');
  const say = (text) => {
    if (status) status.textContent = text;
  };
  const finish = (policyUrl) => {
    if (actions) actions.hidden = true;
    if (after) after.hidden = false;
    if (viewPolicy && policyUrl) {
      viewPolicy.setAttribute('href', policyUrl);
      viewPolicy.hidden = false;
    }
    (viewPolicy && !viewPolicy.hidden ? viewPolicy : back)?.focus();
  };
  let busy = false;

  cancel?.addEventListener('click', () => {
    if (busy) return;
    say(root.dataset.msgCancelled);
    finish(null);
  });

  buy?.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    buy.disabled = true;
    if (cancel) cancel.disabled = true;
    say(root.dataset.msgBuying);
    try {
      const response = await fetch(root.dataset.buyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': root.dataset.lang },
        body: '{}',
      });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer.message || root.dataset.msgFailed);
      say((root.dataset.msgBought || '').replace('{number}', answer.policyNumber || ''));
      finish(answer.policyUrl);
    } catch (error) {
      say(error instanceof Error && error.message ? error.message : root.dataset.msgFailed);
      buy.disabled = false;
      if (cancel) cancel.disabled = false;
    } finally {
      busy = false;
    }
  });
})();
