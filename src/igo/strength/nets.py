"""PyTorch networks of strength estimation (import only where PyTorch is wanted).

- :class:`PaperCNN`: Araki et al., section 4, Fig. 2, exactly: three 3x3 convolutions
  without padding (12, 8, 8 channels, ReLU after each), then one linear output (the
  rating) or, for CNN-C (section 7), three (softmax over the classes). Caffe's Xavier
  weights (uniform, variance 1/fan_in) and zero biases. On 13x13 it has
  ``162N + 1861`` parameters (9,961 at N = 50); on 19x19 the linear layer sees 13x13x8.
- :class:`MLP`: the fully connected nets: MBN's two hidden layers of 20 (section 5) and
  our model's feature net.
- :class:`PaddedCNN`: our CNN variant (same planes, zero padding, global pooling).
"""

from __future__ import annotations

import itertools
import math

import torch
from torch import nn


def caffe_xavier_(weight: torch.Tensor, gen: torch.Generator) -> None:
    """Caffe's ``xavier`` filler: uniform in ±sqrt(3 / fan_in)."""
    fan_in = weight[0].numel()
    bound = math.sqrt(3.0 / fan_in)
    with torch.no_grad():
        weight.uniform_(-bound, bound, generator=gen)


def init_layers(layers: list[nn.Module], gen: torch.Generator) -> None:
    """Xavier weights and zero biases (Araki et al., section 4) for conv/linear layers."""
    for m in layers:
        caffe_xavier_(m.weight, gen)  # type: ignore[arg-type]
        nn.init.zeros_(m.bias)  # type: ignore[arg-type]


class PaperCNN(nn.Module):
    """Fig. 2 of Araki et al.: conv3x3(12) → conv3x3(8) → conv3x3(8), no padding, ReLU,
    then a linear layer to ``outputs`` values."""

    def __init__(self, in_planes: int, size: int, outputs: int, gen: torch.Generator) -> None:
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(in_planes, 12, 3), nn.Conv2d(12, 8, 3),
                                    nn.Conv2d(8, 8, 3)])
        side = size - 6
        if side < 1:
            raise ValueError(f"board {size}x{size} is too small for three 3x3 convolutions")
        self.out = nn.Linear(8 * side * side, outputs)
        init_layers([*self.convs, self.out], gen)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Ratings ``(B,)`` (one output) or class scores ``(B, outputs)``."""
        for c in self.convs:
            x = torch.relu(c(x))
        y = self.out(x.flatten(1))
        return y[:, 0] if y.shape[1] == 1 else y


class PaddedCNN(nn.Module):
    """Our CNN: zero-padded 3x3 convolutions, mean and max pooling over the board, a
    linear output; inputs are the paper's planes."""

    def __init__(self, in_planes: int, channels: int, layers: int, gen: torch.Generator
                 ) -> None:
        super().__init__()
        chans = [in_planes] + [channels] * layers
        self.convs = nn.ModuleList([nn.Conv2d(a, b, 3, padding=1)
                                    for a, b in itertools.pairwise(chans)])
        self.out = nn.Linear(2 * channels, 1)
        init_layers([*self.convs, self.out], gen)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Standardised ratings ``(B,)``."""
        for c in self.convs:
            x = torch.relu(c(x))
        pooled = torch.cat([x.mean(dim=(2, 3)), x.amax(dim=(2, 3))], dim=1)
        return self.out(pooled)[:, 0]


class MLP(nn.Module):
    """Fully connected net: ``inputs → hidden… → outputs`` with ReLU (and dropout)."""

    def __init__(self, inputs: int, hidden: tuple[int, ...], outputs: int,
                 gen: torch.Generator, dropout: float = 0.0) -> None:
        super().__init__()
        sizes = [inputs, *hidden]
        self.hidden = nn.ModuleList([nn.Linear(a, b)
                                     for a, b in itertools.pairwise(sizes)])
        self.out = nn.Linear(sizes[-1], outputs)
        self.drop = nn.Dropout(dropout)
        init_layers([*self.hidden, self.out], gen)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Outputs ``(B,)`` for one output, else ``(B, outputs)``."""
        for h in self.hidden:
            x = self.drop(torch.relu(h(x)))
        y = self.out(x)
        return y[:, 0] if y.shape[1] == 1 else y
