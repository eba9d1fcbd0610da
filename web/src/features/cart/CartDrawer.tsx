import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Remove from "@mui/icons-material/Remove";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import { MAX_QUANTITY_PER_LINE } from "@unibazaar/rules/limits";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { Money } from "../../components/Money";
import { useNotify } from "../../components/Notify";
import { formatPKR } from "../../lib/format";
import type { CartProduct } from "./cart";
import { useCart } from "./CartContext";

/**
 * The slide-in cart panel: numbered items with quantity controls and Remove, 'Your cart is
 * empty.' when there is nothing, and below the items the checkout part (order summary, shipping,
 * coupon, payment, Clear Cart, Place Order), handed in by the app.
 */
export function CartDrawer({
  checkout,
  agreedPrices = {},
}: {
  checkout: ReactNode;
  /** Per product id, the price of one unit agreed in the buyer's accepted offer (the checkout's quote knows them). */
  agreedPrices?: Readonly<Record<string, number>>;
}) {
  const { t } = useTranslation("cart");
  const { cart, isOpen, closeCart } = useCart();
  const notify = useNotify();
  // an "added to your cart" message would cover the panel's buttons on a phone
  useEffect(() => {
    if (isOpen) notify.dismiss();
  }, [isOpen, notify]);
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={closeCart}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 440 } }, role: "dialog", "aria-label": t("drawer.label") } as object }}
    >
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: "divider",
          position: "sticky",
          top: 0,
          bgcolor: "background.paper",
          zIndex: 1,
        }}
      >
        <Typography variant="h6" component="h2" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <ShoppingCartOutlined aria-hidden="true" /> {t("drawer.title")}
          {cart.selectedItems > 0 && (
            <Typography component="span" variant="body2" color="text.secondary">
              {t("drawer.itemCount", { count: cart.selectedItems })}
            </Typography>
          )}
        </Typography>
        <IconButton onClick={closeCart} aria-label={t("drawer.close")} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, py: 2 }}>
        {cart.products.length === 0 ? (
          <Box sx={{ textAlign: "center", py: 6 }}>
            <ShoppingCartOutlined sx={{ fontSize: 56, color: "text.secondary" }} aria-hidden="true" />
            <Typography variant="h6" component="p" sx={{ mt: 1 }}>
              {t("drawer.empty")}
            </Typography>
            <Button component={RouterLink} to="/shop" variant="contained" sx={{ mt: 2 }} onClick={closeCart}>
              {t("drawer.continueShopping")}
            </Button>
          </Box>
        ) : (
          <>
            <Stack
              component="ol"
              spacing={2}
              divider={<Divider component="li" aria-hidden="true" />}
              sx={{ listStyle: "none", p: 0, m: 0 }}
              aria-label={t("drawer.items")}
            >
              {cart.products.map((item, index) => (
                <CartItemRow key={item.id} item={item} number={index + 1} agreedPrice={agreedPrices[item.id] ?? null} />
              ))}
            </Stack>
            <Divider sx={{ my: 2 }} />
            {checkout}
          </>
        )}
      </Box>
    </Drawer>
  );
}

function CartItemRow({ item, number, agreedPrice }: { item: CartProduct; number: number; agreedPrice: number | null }) {
  const { t } = useTranslation("cart");
  const { increment, decrement, remove, closeCart } = useCart();
  return (
    <Box
      component="li"
      sx={{ display: "grid", gridTemplateColumns: "auto 64px 1fr", gap: 1.5, alignItems: "start" }}
      aria-label={item.name}
    >
      <Typography variant="body2" color="text.secondary" sx={{ pt: 0.5, minWidth: 20 }} aria-label={t("item.number", { number })}>
        {number}.
      </Typography>
      <Box
        component="img"
        src={item.image}
        alt={item.name}
        width={64}
        height={64}
        sx={{ width: 64, height: 64, objectFit: "cover", borderRadius: 1, bgcolor: "grey.100" }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/shop/${item.id}`}
          onClick={closeCart}
          underline="hover"
          color="text.primary"
          sx={{ fontWeight: 600, display: "block", overflowWrap: "anywhere" }}
        >
          <bdi>{item.name}</bdi>
        </Link>
        {agreedPrice != null ? (
          <Typography variant="body2" component="p">
            <Box component="span" sx={{ fontWeight: 700 }}>
              {t("item.agreedPrice", { price: formatPKR(agreedPrice) })}
            </Box>{" "}
            <Box component="span" sx={{ color: "text.secondary" }}>
              {item.quantity > 1
                ? t("item.listedForFurther", { price: formatPKR(item.price) })
                : t("item.listed", { price: formatPKR(item.price) })}
            </Box>
          </Typography>
        ) : (
          <Money amount={item.price} variant="body2" />
        )}
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mt: 1, gap: 1, flexWrap: "wrap" }}>
          <Box sx={{ display: "inline-flex", alignItems: "center", border: 1, borderColor: "divider", borderRadius: 5 }}>
            <IconButton
              size="small"
              onClick={() => decrement(item.id)}
              disabled={item.quantity <= 1}
              aria-label={t("item.decrease", { name: item.name })}
            >
              <Remove fontSize="small" />
            </IconButton>
            <Typography
              component="output"
              aria-live="polite"
              aria-label={t("item.quantity", { name: item.name })}
              sx={{ minWidth: 28, textAlign: "center", fontWeight: 600 }}
            >
              {item.quantity}
            </Typography>
            <IconButton
              size="small"
              onClick={() => increment(item.id)}
              disabled={item.quantity >= MAX_QUANTITY_PER_LINE}
              aria-label={t("item.increase", { name: item.name })}
            >
              <Add fontSize="small" />
            </IconButton>
          </Box>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => remove(item.id)}
            aria-label={t("item.removeName", { name: item.name })}
          >
            {t("item.remove")}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
