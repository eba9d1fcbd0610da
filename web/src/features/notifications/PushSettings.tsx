import Alert from "@mui/material/Alert";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { PushDeviceDocument, type PushKind } from "../../generated/graphql";
import { usePushDeviceQuery, usePushPublicKeyQuery, useRemovePushDeviceMutation, useSavePushDeviceMutation } from "../../generated/hooks";

/** The kinds a device can be notified of (their labels are push.kinds.<KIND>). */
const ALL_KINDS: PushKind[] = ["MESSAGES", "OFFERS", "ORDERS", "SAVED_SEARCHES", "MEETUPS"];

/** This browser's push subscription, once the service worker is known (undefined while looking). */
function useBrowserSubscription() {
  const supported = "serviceWorker" in navigator && "PushManager" in window;
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null | undefined>(supported ? undefined : null);
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  useEffect(() => {
    if (!supported) return;
    void navigator.serviceWorker.getRegistration().then(async (found) => {
      setRegistration(found ?? null);
      setSubscription(found ? await found.pushManager.getSubscription() : null);
    });
  }, [supported]);
  return { registration, subscription, setSubscription };
}

/**
 * "Notify me on this device": Web Push for this browser, per kind. The server pushes only while no
 * tab of the app is open here or elsewhere; switching off forgets this device on the server too.
 */
export function PushSettings() {
  const { t } = useTranslation("notifications");
  const notify = useNotify();
  const publicKey = usePushPublicKeyQuery().data?.pushPublicKey;
  const { registration, subscription, setSubscription } = useBrowserSubscription();
  const endpoint = subscription?.endpoint ?? "";
  const device = usePushDeviceQuery({ variables: { endpoint }, skip: !endpoint });
  const [save, saving] = useSavePushDeviceMutation();
  const [remove, removing] = useRemovePushDeviceMutation();
  const [denied, setDenied] = useState(() => typeof Notification !== "undefined" && Notification.permission === "denied");
  const kinds = device.data?.pushDevice?.kinds ?? [];
  const on = Boolean(device.data?.pushDevice);
  const busy = saving.loading || removing.loading;

  const saveKinds = async (target: PushSubscription, next: PushKind[]) => {
    const { keys } = target.toJSON();
    await save({
      variables: { input: { endpoint: target.endpoint, p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "", kinds: next } },
      update: (cache, { data }) => {
        if (data)
          cache.writeQuery({
            query: PushDeviceDocument,
            variables: { endpoint: target.endpoint },
            data: { pushDevice: data.savePushDevice },
          });
      },
    });
  };

  const turnOn = async () => {
    if (!registration || !publicKey) return;
    if ((await Notification.requestPermission()) !== "granted") return setDenied(true);
    const created = subscription ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    setSubscription(created);
    await saveKinds(created, ALL_KINDS);
    notify.success(t("push.turnedOn"));
  };

  const turnOff = async () => {
    if (!subscription) return;
    await remove({ variables: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
    setSubscription(null);
    notify.success(t("push.turnedOff"));
  };

  const run = (action: () => Promise<void>) => () =>
    void action().catch((e: unknown) => notify.error(errorMessage(e, t("push.changeFailed"))));

  const unavailable = registration === null || publicKey === null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="push-settings-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="push-settings-title" variant="h6" component="h2" sx={{ fontSize: "1.1rem" }}>
        {t("push.title")}
      </Typography>
      {unavailable ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("push.unavailable")}
        </Typography>
      ) : denied ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t("push.denied")}
        </Alert>
      ) : (
        <>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch checked={on} disabled={busy || registration === undefined} onChange={run(on ? turnOff : turnOn)} />}
            label={t("push.toggle")}
          />
          {on && subscription && (
            <FormGroup aria-label={t("push.what")} sx={{ pl: 1 }}>
              {ALL_KINDS.map((kind) => (
                <FormControlLabel
                  key={kind}
                  label={t(`push.kinds.${kind}`)}
                  control={
                    <Checkbox
                      checked={kinds.includes(kind)}
                      disabled={busy}
                      onChange={run(() =>
                        saveKinds(subscription, kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind]),
                      )}
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
        </>
      )}
    </Paper>
  );
}
