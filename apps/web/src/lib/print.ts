// Printing one part of the page: a print stylesheet hides everything else while the body carries `bodyClass`.
export function printWithBodyClass(bodyClass: string): void {
  document.body.classList.add(bodyClass);
  const done = () => {
    document.body.classList.remove(bodyClass);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
