// spec 2 §4 "Payment (pay-later part)": the pay-later modal lists what this lease offers — instalment (split) pay and
// the online wallet provider's pay later (with its jurisdiction note, spec 1 §8). Their flows (POST /installment_pay/
// initiate, /paypal_create_order) are not served yet (issue 8 builds them next), so each option says it is coming
// rather than offering a button that cannot work.
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyLease } from '../../../../api/types';
import { payLaterOptions } from '../../forms/payment-form';

export function PayLaterNotice({ lease, onClose }: { lease: PropertyLease; onClose: () => void }) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const options = payLaterOptions(lease);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <>
      <Modal.Header>
        <Modal.Title ref={titleRef} tabIndex={-1} data-autofocus>
          {t('payments.flow.payLater.title')}
        </Modal.Title>
        <Modal.CloseButton aria-label={t('common.close')} />
      </Modal.Header>
      <Modal.Body>
        <Stack gap="md">
          <Text size="sm">
            {options.instalment || options.payPalPayLater ? t('payments.flow.payLater.intro') : t('payments.flow.payLater.none')}
          </Text>
          <List spacing="xs">
            {options.instalment && (
              <List.Item>
                <Text span fw={600}>
                  {t(MSG.methodTypeSplitPay)}
                </Text>{' '}
                — {t('payments.flow.payLater.comingNext')}
              </List.Item>
            )}
            {options.payPalPayLater && (
              <List.Item>
                <Text span fw={600}>
                  {t('payments.flow.payLater.payPal')}
                </Text>{' '}
                — {t('payments.flow.payLater.comingNext')}
              </List.Item>
            )}
          </List>
          {options.payPalPayLater && (
            <Alert color="blue" variant="light" role="note">
              {t(MSG.paypalPayLater)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal.Body>
    </>
  );
}
