// The sandbox online wallet provider's approval page (docs/api-contract.md): "Agree and continue" has the portal create
// the TYPE_PAY_PAL method and posts { source: 'sandbox-paypal', event: 'approved', paymentMethodId }; Cancel (or
// Escape) posts event 'cancelled'; once its script runs it posts event 'ready' (the portal tells the tenant when a page
// never does: issue 21 §2). Messages go to this origin only.
(() => {
  const root = document.getElementById('paypal-approve');
  if (!root) return;
  const SOURCE = 'sandbox-paypal';
  const status = document.getElementById('status');
  const agree = document.getElementById('agree');
  const cancel = document.getElementById('cancel');
  const say = (text) => {
    if (status) status.textContent = text;
  };
  const post = (message) => {
    const targets = new Set();
    if (window.parent && window.parent !== window) targets.add(window.parent);
    if (window.opener) targets.add(window.opener);
    for (const target of targets) target.postMessage(message, window.location.origin);
  };
  let done = false;
  const cancelled = () => {
    if (done) return;
    done = true;
    if (agree) agree.disabled = true;
    say(root.dataset.msgCancelled);
    post({ source: SOURCE, event: 'cancelled' });
  };

  cancel?.addEventListener('click', cancelled);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancelled();
  });
  document.getElementById('title')?.focus();
  // spec 1 §8: the portal hears that the provider's page (its "SDK") loaded; without this it says it could not be loaded
  post({ source: SOURCE, event: 'ready' });

  agree?.addEventListener('click', async () => {
    if (done) return;
    agree.disabled = true;
    say(root.dataset.msgApproving);
    try {
      const response = await fetch('/sandbox/paypal/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': root.dataset.lang },
        body: JSON.stringify({ token: root.dataset.token }),
      });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer.message || root.dataset.msgFailed);
      done = true;
      if (cancel) cancel.disabled = true;
      say(root.dataset.msgApproved);
      post({ source: SOURCE, event: 'approved', paymentMethodId: answer.paymentMethodId });
    } catch (error) {
      say(error instanceof Error && error.message ? error.message : root.dataset.msgFailed);
      agree.disabled = false;
    }
  });
})();
