// The payment-mode sandbox pages (payment-mode-pages.ts): the paysafe cash barcode's "Pay at store" and Print, the
// geoswift page's Pay and Cancel. Each posts to its sandbox endpoint, shows the outcome, and tells the portal window
// { source: 'sandbox-paysafecash' | 'sandbox-geoswift', event: 'paid' | 'cancelled', transactionId } (this origin only).
(() => {
  const status = document.getElementById('status');
  const shownStatus = document.getElementById('payment-status');
  const say = (text) => {
    if (status) status.textContent = text || '';
  };
  const tell = (message) => {
    const targets = new Set();
    if (window.opener) targets.add(window.opener);
    if (window.parent && window.parent !== window) targets.add(window.parent);
    for (const target of targets) target.postMessage(message, window.location.origin);
  };
  const post = async (url, lang) => {
    const response = await fetch(url, { method: 'POST', headers: { 'accept-language': lang } });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.message || '');
    return answer;
  };
  document.getElementById('title')?.focus();
  document.getElementById('print')?.addEventListener('click', () => window.print());

  const cash = document.getElementById('paysafecash');
  const payAtStore = document.getElementById('pay-at-store');
  if (cash && payAtStore) {
    payAtStore.addEventListener('click', async () => {
      payAtStore.disabled = true;
      say(cash.dataset.msgPaying);
      try {
        const paid = await post(cash.dataset.payUrl, cash.dataset.lang);
        payAtStore.remove();
        if (shownStatus) shownStatus.textContent = cash.dataset.msgStatusPaid;
        say(cash.dataset.msgPaid);
        tell({ source: 'sandbox-paysafecash', event: 'paid', transactionId: paid.id });
      } catch (error) {
        say(error instanceof Error && error.message ? error.message : cash.dataset.msgFailed);
        payAtStore.disabled = false;
      }
    });
  }

  const geo = document.getElementById('geoswift');
  const pay = document.getElementById('pay');
  const cancel = document.getElementById('cancel');
  if (geo && pay && cancel) {
    const act = async (url, busy, done, statusText, event) => {
      pay.disabled = true;
      cancel.disabled = true;
      say(busy);
      try {
        const answer = await post(url, geo.dataset.lang);
        pay.remove();
        cancel.remove();
        if (shownStatus) shownStatus.textContent = statusText;
        say(done);
        tell({ source: 'sandbox-geoswift', event, transactionId: answer.id });
      } catch (error) {
        say(error instanceof Error && error.message ? error.message : geo.dataset.msgFailed);
        pay.disabled = false;
        cancel.disabled = false;
      }
    };
    pay.addEventListener('click', () =>
      act(geo.dataset.payUrl, geo.dataset.msgPaying, geo.dataset.msgPaid, geo.dataset.msgStatusPaid, 'paid'),
    );
    cancel.addEventListener('click', () =>
      act(geo.dataset.cancelUrl, geo.dataset.msgPaying, geo.dataset.msgCancelled, geo.dataset.msgStatusCancelled, 'cancelled'),
    );
  }
})();
