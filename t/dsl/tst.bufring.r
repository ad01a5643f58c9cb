tick 0
tick 1
tick 2
tick 3
end

