"""The numbers of the computer player's evaluation (``ai/evaluate.py``): written by
``benchmarks/fit_evaluation.py --games 4000 --playouts 8 --seed 10000``, do not edit.

Fitted on 19449 round starts of 3200 games, each played out 8 times;
R^2 of the points each seat adds: 0.704 (on 4836 held-out positions: 0.700).
"""

#: each measurement's weight in the points a seat adds by the end
WEIGHTS: dict[str, float] = {
    "one": -0.5500954979170166,
    "markers": 0.14279169352871587,
    "markers_second": -0.015424271466422303,
    "rounds": -0.003261996031712208,
    "rounds_squared": 0.01453233498608416,
    "free_lots": -0.025025178048130918,
    "clock_stones": 0.031176292943147634,
    "supply": -0.1930500925268816,
    "buses": -0.04664339557091362,
    "buses_rounds": 0.06357561915833562,
    "most_buses": 0.26842834720800285,
    "line": -0.08975481160633607,
    "line_rounds": 0.03410808045841604,
    "carry_next": 0.5743298155056062,
    "carry_next_rounds": -0.13150950488074856,
    "carry_after": -0.06819103563082038,
    "carry_after_rounds": 0.10798179749076839,
    "carry_now": -0.013597716841078047,
    "carry_now_rounds": 0.03284647164984826,
    "carry_all_rounds": 0.00931876390809134,
    "could_next": 0.014036729022751222,
    "could_after": 0.04280366838715154,
    "could_next_rounds": 0.05091408448535016,
    "station_passengers": 0.024736664712562233,
    "station_passengers_rounds": -0.006902771183216782,
    "stations": 0.09220356961933955,
    "stations_rounds": -0.1962231803284599,
    "line_passengers": -0.025006257113424146,
    "line_passengers_rounds": 0.009319731871586951,
    "line_buildings": 0.018435416585305266,
    "line_buildings_rounds": 0.011766784093660556,
    "line_free_lots": 0.04755166642023745,
    "line_free_lots_rounds": 0.008252667087798905,
    "room": 0.019194358928299654,
    "room_rounds": -0.006093923574682958,
    "stones": -0.025889198648478846,
    "players": -0.07312441698514686,
    "starts": 0.1753316695388879,
    "buses_line_rounds": 0.2169014327363917,
    "carriable_rounds": 0.012671219058171318,
    "shared": 0.011613896261479633,
    "shared_rounds": -0.01438064587441578,
    "station_carriable_rounds": -0.012453765557417232,
    "station_supply_rounds": 0.08340587039382903,
}
#: the softmax temperature, in points, of the chances of winning
TEMPERATURE = 1.1198925828086965
