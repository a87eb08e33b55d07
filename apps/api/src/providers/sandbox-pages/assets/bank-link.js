// The sandbox bank-linking widget (docs/api-contract.md): picking an account asks the sandbox for a public token and
// posts { source: 'sandbox-bank-link', event: 'success', loginId, accountId, country } to the portal window; Exit
// (or Escape) posts event 'exit'. Messages go to this origin only: the portal frames or opens this page itself.
(() => {
  const root = document.getElementById('bank-link');
  if (!root) return;
  const SOURCE = 'sandbox-bank-link';
  const status = document.getElementById('status');
  const say = (text) => {
    if (status) status.textContent = text;
  };
  const post = (message) => {
    const targets = new Set();
    if (window.parent && window.parent !== window) targets.add(window.parent);
    if (window.opener) targets.add(window.opener);
    for (const target of targets) target.postMessage(message, window.location.origin);
  };
  const exit = () => post({ source: SOURCE, event: 'exit' });

  document.getElementById('exit')?.addEventListener('click', exit);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') exit();
  });
  document.getElementById('title')?.focus();

  const form = document.getElementById('link-form');
  if (!form) return;
  const submit = form.querySelector('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const picked = form.querySelector('input[name="account"]:checked');
    if (!picked) {
      say(root.dataset.msgChoose);
      form.querySelector('input[name="account"]')?.focus();
      return;
    }
    submit.disabled = true;
    say(root.dataset.msgLinking);
    try {
      const response = await fetch('/sandbox/bank-link/public-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': root.dataset.lang },
        body: JSON.stringify({ token: root.dataset.token, accountId: picked.value }),
      });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer.message || root.dataset.msgFailed);
      say(root.dataset.msgLinked);
      post({
        source: SOURCE,
        event: 'success',
        loginId: answer.publicToken,
        accountId: answer.accountId,
        country: answer.country,
      });
    } catch (error) {
      say(error instanceof Error && error.message ? error.message : root.dataset.msgFailed);
      submit.disabled = false;
    }
  });
})();
